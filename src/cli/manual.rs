//! The manual: `hotseat --help` and the man page from one text.
//!
//! What a manual says beyond the options — exit status, files, environment — is written once,
//! as [`Section`]s (see `MANUAL` in `cli.rs`), and rendered twice: as plain text wrapped to 80
//! columns after the options of `hotseat --help`, and as roff sections of the man page. The
//! rest of the man page is clap_mangen's, generated from the same `clap::Command` as `--help`,
//! so an option added anywhere appears in both without anyone writing roff.
//!
//! clap_mangen's own [`Man::render`] would put the after-help text under a heading `EXTRA`;
//! instead the page is assembled from its pieces, and the after-help examples become an
//! `EXAMPLES` section with the command lines kept as they are written.

use std::io::{self, Write};

use clap::ValueEnum;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, roman};

use crate::text::wrap;

/// A section of the manual: a heading in capitals, as man pages write it, and its entries.
#[derive(Debug)]
pub struct Section {
    pub heading: &'static str,
    pub entries: &'static [Entry],
}

/// One entry of a [`Section`]; text is written as one line and wrapped where it is shown.
#[derive(Debug)]
pub enum Entry {
    /// A paragraph.
    Text(&'static str),
    /// A term and what it means: an exit code, a file, a variable.
    Item(&'static str, &'static str),
}

/// The width `--help` text is wrapped to: it fits an 80-column terminal.
const WIDTH: usize = 79;

/// The sections as `--help` shows them: "Exit status:" and indented entries, wrapped.
pub fn help_text(sections: &[Section]) -> String {
    let mut out = String::new();
    for section in sections {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&help_heading(section.heading));
        out.push('\n');
        let tag_width = section
            .entries
            .iter()
            .filter_map(|entry| match entry {
                Entry::Item(tag, _) => Some(tag.chars().count()),
                Entry::Text(_) => None,
            })
            .max()
            .unwrap_or(0);
        for (i, entry) in section.entries.iter().enumerate() {
            match entry {
                Entry::Text(text) => {
                    // A paragraph after the first sets off the items below it.
                    if i > 0 {
                        out.push('\n');
                    }
                    for line in wrap(text, WIDTH - 2) {
                        out.push_str(&format!("  {line}\n"));
                    }
                }
                Entry::Item(tag, text) => {
                    let indent = 2 + tag_width + 2;
                    for (i, line) in wrap(text, WIDTH - indent).iter().enumerate() {
                        let tag = if i == 0 { *tag } else { "" };
                        out.push_str(&format!("  {tag:<tag_width$}  {line}\n"));
                    }
                }
            }
        }
    }
    out
}

/// "EXIT STATUS" → "Exit status:", like clap's own "Options:".
fn help_heading(heading: &str) -> String {
    let lower = heading.to_lowercase();
    let mut chars = lower.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase());
    format!(
        "{}{}:",
        first.into_iter().collect::<String>(),
        chars.as_str()
    )
}

/// Which page `hotseat man` prints: the subcommands each have one, like `git-log(1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Page {
    Perft,
    Pgn,
    Analyse,
    Games,
    Import,
    Puzzles,
    Host,
    Join,
    Watch,
    Serve,
    Completions,
    Man,
}

/// One of clap_mangen's `Man::render_*_section` methods.
type RenderPiece = fn(&Man, &mut dyn Write) -> io::Result<()>;

/// Writes the man page of `cmd` (built, so that subcommands know their full names), or of
/// its subcommand `page`, with `sections` after the generated ones.
pub fn write_man(
    out: &mut dyn Write,
    cmd: &clap::Command,
    page: Option<Page>,
    sections: &[Section],
) -> io::Result<()> {
    let source = format!(
        "{} {}",
        cmd.get_name(),
        cmd.get_version().unwrap_or_default()
    );
    let main_page = page.is_none();
    let (cmd, sections) = match page {
        None => (cmd.clone(), sections),
        Some(page) => {
            let name = page.to_possible_value().expect("no page is skipped");
            let sub = cmd
                .find_subcommand(name.get_name())
                .expect("every page is a subcommand");
            (sub.clone(), &[][..])
        }
    };
    // The short after-help: for the main command that is the examples, without the sections
    // the long one adds.
    let after_help = cmd
        .get_after_help()
        .or_else(|| cmd.get_after_long_help())
        .map(|text| text.to_string());
    let has_args = cmd.get_arguments().any(|a| !a.is_hide_set());
    let has_subcommands = cmd.get_subcommands().any(|c| !c.is_hide_set());
    // A subcommand's page is titled with its full name (hotseat-perft) and, like the main
    // page, says which hotseat it documents.
    let title = cmd.get_display_name().unwrap_or(cmd.get_name()).to_owned();
    let man = Man::new(cmd).title(title).source(source);

    let mut page = Vec::new();
    man.render_title(&mut page)?;
    let mut pieces: Vec<RenderPiece> = vec![
        Man::render_name_section,
        Man::render_synopsis_section,
        Man::render_description_section,
    ];
    if has_args {
        pieces.push(Man::render_options_section);
    }
    if has_subcommands {
        pieces.push(Man::render_subcommands_section);
    }
    for piece in pieces {
        let mut roff = Vec::new();
        piece(&man, &mut roff)?;
        page.extend_from_slice(without_preamble(&roff));
    }

    let mut roff = Roff::new();
    if main_page {
        // The keys and move formats, from the table the help screen shows.
        for (title, rows) in crate::app::help::reference() {
            roff.control("SH", [title.to_uppercase().as_str()]);
            for (keys, what) in rows {
                roff.control("TP", []);
                roff.text([bold(keys.as_str())]);
                roff.text([roman(what)]);
            }
        }
    }
    if main_page {
        // The plain mode's commands, from the table its `help` reads.
        roff.control("SH", ["PLAIN MODE COMMANDS"]);
        roff.text([roman(
            "With --plain, type a move or one of these commands on a line, with or without a \
             leading slash:",
        )]);
        for entry in crate::plain::command::COMMANDS {
            let words = entry.words.join(", ");
            let words = match entry.takes {
                "" => words,
                takes => format!("{words} ({takes})"),
            };
            roff.control("TP", []);
            roff.text([bold(words.as_str())]);
            roff.text([roman(entry.does)]);
        }
    }
    for section in sections {
        roff_section(&mut roff, section);
    }
    if let Some(text) = after_help {
        roff_after_help(&mut roff, &text);
    }
    let mut rest = Vec::new();
    roff.to_writer(&mut rest)?;
    page.extend_from_slice(without_preamble(&rest));
    out.write_all(&page)
}

fn roff_section(roff: &mut Roff, section: &Section) {
    roff.control("SH", [section.heading]);
    for entry in section.entries {
        match entry {
            Entry::Text(text) => {
                roff.control("PP", []);
                roff.text([roman(*text)]);
            }
            Entry::Item(tag, text) => {
                roff.control("TP", []);
                roff.text([bold(*tag)]);
                roff.text([roman(*text)]);
            }
        }
    }
}

/// The after-help text. "Examples:" starts an EXAMPLES section (text before it is NOTES).
/// There, a line indented by two spaces is a command, and what follows two spaces on it, or
/// on the more indented lines below it, says what it does: one tagged paragraph per example,
/// so that man fits it to the page. Elsewhere indented lines are kept as written, and other
/// lines are filled.
fn roff_after_help(roff: &mut Roff, text: &str) {
    let mut examples = false;
    let mut started = false;
    let mut verbatim = false;
    let mut in_example = false;
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        let line_text = line.trim();
        if verbatim && indent == 0 {
            roff.control("fi", []);
            verbatim = false;
        }
        if matches!(line_text, "Examples:" | "Example:") {
            roff.control("SH", ["EXAMPLES"]);
            (examples, started, in_example) = (true, true, false);
            continue;
        }
        if !started {
            roff.control("SH", ["NOTES"]);
            started = true;
        }
        if line_text.is_empty() {
            roff.control("PP", []);
            in_example = false;
        } else if examples && indent == 2 {
            let (command, what) = line_text.split_once("  ").unwrap_or((line_text, ""));
            roff.control("TP", []);
            roff.text([bold(command)]);
            if !what.trim().is_empty() {
                roff.text([roman(what.trim())]);
            }
            in_example = true;
        } else if examples && indent > 2 {
            roff.text([roman(line_text)]);
        } else if indent > 0 {
            if !verbatim {
                roff.control("nf", []);
                verbatim = true;
            }
            roff.text([roman(line)]);
        } else {
            if in_example {
                roff.control("PP", []);
                in_example = false;
            }
            roff.text([roman(line)]);
        }
    }
    if verbatim {
        roff.control("fi", []);
    }
}

/// The lines the roff crate starts every rendering with (defining how to typeset `'`): the
/// page needs them once, at the top, not before every piece.
fn without_preamble(roff: &[u8]) -> &[u8] {
    let mut rest = roff;
    for start in [&b".ie \\n(.g .ds Aq"[..], &b".el .ds Aq"[..]] {
        if rest.starts_with(start) {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |i| i + 1);
            rest = &rest[end..];
        }
    }
    rest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_text_aligns_items_and_indents_continuations() {
        const SECTIONS: &[Section] = &[Section {
            heading: "EXIT STATUS",
            entries: &[
                Entry::Text("Intro."),
                Entry::Item("0", "fine"),
                Entry::Item(
                    "128+N",
                    "a long explanation that has to wrap onto a second line of text, because it is long",
                ),
            ],
        }];
        let text = help_text(SECTIONS);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Exit status:");
        assert_eq!(lines[1], "  Intro.");
        assert_eq!(lines[2], "  0      fine");
        assert!(lines[3].starts_with("  128+N  a long explanation"));
        assert!(lines[4].starts_with("         "), "{text}");
        assert!(lines.iter().all(|l| l.chars().count() <= WIDTH), "{text}");
    }

    #[test]
    fn the_preamble_is_removed_once() {
        let roff = b".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n.SH NAME\n";
        assert_eq!(without_preamble(roff), b".SH NAME\n");
        assert_eq!(without_preamble(b".SH NAME\n"), b".SH NAME\n");
    }
}
