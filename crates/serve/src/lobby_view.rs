//! The lobby drawn: a heading with the game's own knight figure, the three lists, the
//! new-game button, a line of news and the footer's keys; over them, the box of the moment
//! (the name asked, the new-game form, a room's code, the help). Colours and figures are the
//! game's ([`hotseat::ui::theme`], [`hotseat::ui::figures`]); the keys shown come from the
//! lobby's one table ([`KEYS`]). [`hit`] finds what a click is on, from the same layout.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use hotseat::look::{GlyphSet, Theme};
use hotseat::rules::{Color, Role};
use hotseat::ui::figures::{self, Band};
use hotseat::ui::popup::{centered, frame};

use crate::lobby::{Entry, FORM_KEYS, Field, KEYS, Lobby, Section, Target};

/// The smallest terminal the lobby is drawn in.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 12;

/// How the lobby looks: the player's theme and glyphs.
#[derive(Clone, Copy, Debug)]
pub struct LobbyView<'a> {
    pub lobby: &'a Lobby,
    pub theme: Theme,
    pub glyphs: GlyphSet,
}

/// Where each part goes in `area`.
struct Areas {
    heading: Rect,
    lists: [Rect; 3],
    new: Rect,
    note: Rect,
    footer: Rect,
}

impl Areas {
    fn of(area: Rect) -> Areas {
        // The figure's rows where there is room for the lists below it.
        let heading = if area.height >= 22 { 5 } else { 2 };
        let [heading, lists, new, note, footer] = Layout::vertical([
            Constraint::Length(heading),
            Constraint::Fill(1),
            Constraint::Length(3),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let lists = Layout::vertical([Constraint::Fill(1); 3]).areas(lists);
        Areas {
            heading,
            lists,
            new,
            note,
            footer,
        }
    }
}

const LISTS: [Section; 3] = [Section::Resume, Section::Join, Section::Watch];

/// The rows of `section`'s list shown in `rows` rows: the first index, scrolled so that the
/// chosen entry is in view.
fn first_shown(lobby: &Lobby, section: Section, rows: u16) -> usize {
    let rows = usize::from(rows.max(1));
    lobby.selected(section).saturating_sub(rows - 1)
}

/// What a click at (`column`, `row`) is on.
pub fn hit(lobby: &Lobby, area: Rect, column: u16, row: u16) -> Option<Target> {
    let at = ratatui::layout::Position::new(column, row);
    if lobby.form.is_some() {
        let inner = form_box(area).inner(ratatui::layout::Margin::new(1, 1));
        return Field::ALL.iter().enumerate().find_map(|(i, &field)| {
            let line = Rect::new(inner.x, inner.y + 1 + i as u16, inner.width, 1);
            (line.contains(at) && line.bottom() <= inner.bottom()).then_some(Target::Field(field))
        });
    }
    let areas = Areas::of(area);
    if areas.new.contains(at) {
        return Some(Target::New);
    }
    for (rect, section) in areas.lists.into_iter().zip(LISTS) {
        let inner = Block::bordered().inner(rect);
        if inner.contains(at) {
            let index = first_shown(lobby, section, inner.height) + usize::from(row - inner.y);
            return (index < lobby.lists.get(section).len())
                .then_some(Target::Entry(section, index));
        }
    }
    None
}

fn form_box(area: Rect) -> Rect {
    centered(area, 80.min(area.width), 12.min(area.height))
}

impl Widget for LobbyView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            let text = format!(
                "The lobby needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}: this one is \
                 {}x{}. Make it bigger, or press q to leave.",
                area.width, area.height
            );
            Paragraph::new(text)
                .style(self.theme.error())
                .wrap(Wrap { trim: true })
                .render(area, buf);
            return;
        }
        let areas = Areas::of(area);
        self.heading(areas.heading, buf);
        for (rect, section) in areas.lists.into_iter().zip(LISTS) {
            self.list(section, rect, buf);
        }
        self.new_button(areas.new, buf);
        if let Some(note) = &self.lobby.note {
            let style = if note.error {
                self.theme.error()
            } else {
                self.theme.text()
            };
            Paragraph::new(Span::styled(note.text.as_str(), style)).render(areas.note, buf);
        }
        self.footer(areas.footer, buf);
        let lobby = self.lobby;
        if lobby.help {
            self.help(area, buf);
        } else if lobby.naming.is_some() {
            self.naming(area, buf);
        } else if let Some(code) = &lobby.created {
            self.created(code, area, buf);
        } else if lobby.form.is_some() {
            self.form(area, buf);
        }
    }
}

impl LobbyView<'_> {
    fn heading(&self, area: Rect, buf: &mut Buffer) {
        let mut text_area = area;
        if area.height >= 5 && self.glyphs == GlyphSet::Unicode {
            let band = Band::Large;
            let style = self.theme.piece(Color::White, false);
            for (i, row) in figures::figure(band, Role::Knight).iter().enumerate() {
                buf.set_stringn(area.x + 1, area.y + 1 + i as u16, row, 9, style);
            }
            text_area = Rect {
                x: area.x + 12,
                width: area.width.saturating_sub(12),
                ..area
            };
        }
        let name = match &self.lobby.name {
            Some(name) => Line::from(vec![
                Span::raw("You are "),
                Span::styled(name.as_str(), self.theme.title()),
                Span::styled("  (e: change your name)", self.theme.muted()),
            ]),
            None => Line::raw("Welcome: what shall your opponents call you?"),
        };
        let rooms = self.lobby.lists.resume.len()
            + self.lobby.lists.join.len()
            + self.lobby.lists.watch.len();
        let lines = vec![
            Line::from(Span::styled("hotseat · chess over SSH", self.theme.title())),
            name,
            Line::styled(
                format!(
                    "{rooms} room{} open here · ? for help",
                    if rooms == 1 { "" } else { "s" }
                ),
                self.theme.muted(),
            ),
        ];
        let top = if area.height >= 5 { 1 } else { 0 };
        let text_area = Rect {
            y: text_area.y + top,
            height: text_area.height.saturating_sub(top),
            ..text_area
        };
        Paragraph::new(lines).render(text_area, buf);
    }

    fn list(&self, section: Section, area: Rect, buf: &mut Buffer) {
        let lobby = self.lobby;
        let focused = lobby.focus == section && lobby.form.is_none();
        let entries = lobby.lists.get(section);
        let title = format!(" {} ({}) ", section.title(), entries.len());
        let title_style = if focused {
            self.theme.title().add_modifier(Modifier::REVERSED)
        } else {
            self.theme.title()
        };
        let block = Block::bordered()
            .border_style(self.theme.border())
            .title(Span::styled(title, title_style));
        let inner = block.inner(area);
        block.render(area, buf);
        if entries.is_empty() {
            let empty = format!(" {}", section.empty());
            Paragraph::new(Span::styled(empty, self.theme.muted())).render(inner, buf);
            return;
        }
        let first = first_shown(lobby, section, inner.height);
        let chosen = lobby.selected(section);
        for (row, (i, entry)) in entries
            .iter()
            .enumerate()
            .skip(first)
            .take(usize::from(inner.height))
            .enumerate()
        {
            let line_area = Rect::new(inner.x, inner.y + row as u16, inner.width, 1);
            let here = i == chosen;
            let style = if here && focused {
                Style::new().add_modifier(Modifier::REVERSED)
            } else {
                self.theme.text()
            };
            // The marker only where Enter goes: the list with the focus.
            let marker = if here && focused { "▸ " } else { "  " };
            let text = format!("{marker}{}", describe(entry));
            buf.set_style(line_area, style);
            buf.set_stringn(
                line_area.x,
                line_area.y,
                &text,
                usize::from(line_area.width),
                style,
            );
        }
    }

    fn new_button(&self, area: Rect, buf: &mut Buffer) {
        let focused = self.lobby.focus == Section::New && self.lobby.form.is_none();
        let style = if focused {
            self.theme.title().add_modifier(Modifier::REVERSED)
        } else {
            self.theme.title()
        };
        let block = Block::bordered().border_style(self.theme.border());
        let inner = block.inner(area);
        block.render(area, buf);
        Paragraph::new(Line::from(vec![
            Span::styled(" n  New game ", style),
            Span::styled(
                " a room for you and a friend: its code to tell them",
                self.theme.muted(),
            ),
        ]))
        .render(inner, buf);
    }

    fn footer(&self, area: Rect, buf: &mut Buffer) {
        let mut spans = Vec::new();
        for (keys, _, word) in KEYS.iter().filter(|(_, _, word)| !word.is_empty()) {
            spans.push(Span::styled(*keys, self.theme.key()));
            spans.push(Span::styled(format!(" {word}  "), self.theme.muted()));
        }
        Paragraph::new(Line::from(spans)).render(area, buf);
    }

    fn naming(&self, area: Rect, buf: &mut Buffer) {
        let Some(naming) = &self.lobby.naming else {
            return;
        };
        let rect = centered(area, 60.min(area.width), 9.min(area.height));
        let inner = frame(rect, "Your name", &self.theme, buf);
        let leave = if naming.first {
            "Esc: leave"
        } else {
            "Esc: keep the old one"
        };
        let mut lines = vec![
            Line::raw(format!(
                "The name your opponents see, and your games carry (at most {}).",
                crate::names::MAX_NAME_CHARS
            )),
            Line::raw(""),
            Line::from(vec![
                Span::styled("Name: ", self.theme.title()),
                Span::raw(format!("{}▏", naming.text)),
            ]),
            Line::raw(""),
        ];
        if let Some(note) = self.lobby.note.as_ref().filter(|n| n.error) {
            lines.push(Line::styled(note.text.as_str(), self.theme.error()));
        } else {
            lines.push(Line::raw(""));
        }
        lines.push(Line::from(vec![
            Span::styled("Enter", self.theme.key()),
            Span::styled(": keep it   ", self.theme.muted()),
            Span::styled(leave, self.theme.muted()),
        ]));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }

    fn form(&self, area: Rect, buf: &mut Buffer) {
        let Some(form) = &self.lobby.form else {
            return;
        };
        let inner = frame(form_box(area), "New game", &self.theme, buf);
        let mut lines = vec![Line::styled(
            "A room of its own: you, a friend, and anyone who watches.",
            self.theme.muted(),
        )];
        for field in Field::ALL {
            let here = field == form.field;
            let value_style = if here {
                Style::new().add_modifier(Modifier::REVERSED)
            } else {
                self.theme.text()
            };
            lines.push(Line::from(vec![
                Span::styled(if here { "▸ " } else { "  " }, self.theme.title()),
                Span::styled(format!("{:<9}", field.label()), self.theme.title()),
                Span::styled(format!("‹ {} ›", form.value(field)), value_style),
                Span::styled(format!("  {}", form.hint(field)), self.theme.muted()),
            ]));
        }
        // The fields keep one row each (a click finds them by row); what follows them, a
        // refusal and the keys, wraps in the rows below.
        let head = u16::try_from(lines.len())
            .unwrap_or(u16::MAX)
            .min(inner.height);
        Paragraph::new(lines).render(
            Rect {
                height: head,
                ..inner
            },
            buf,
        );
        let mut lines = Vec::new();
        match form.error() {
            Some(e) => lines.push(Line::styled(e.to_string(), self.theme.error())),
            None => match self.lobby.note.as_ref().filter(|n| n.error) {
                Some(note) => lines.push(Line::styled(note.text.as_str(), self.theme.error())),
                None => lines.push(Line::raw("")),
            },
        }
        let mut keys = Vec::new();
        for (key, what) in FORM_KEYS {
            keys.push(Span::styled(key, self.theme.key()));
            let short = what.split(" (").next().unwrap_or(what);
            keys.push(Span::styled(format!(" {short}  "), self.theme.muted()));
        }
        lines.push(Line::from(keys));
        let tail = Rect {
            y: inner.y + head,
            height: inner.height - head,
            ..inner
        };
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(tail, buf);
    }

    /// Whether the room `code`, one of the player's own, was opened private.
    fn private(&self, code: &str) -> bool {
        self.lobby
            .lists
            .get(Section::Resume)
            .iter()
            .any(|entry| entry.code == code && entry.about.private)
    }

    fn created(&self, code: &str, area: Rect, buf: &mut Buffer) {
        let rect = centered(area, 64.min(area.width), 9.min(area.height));
        let inner = frame(rect, &format!("Room {code}"), &self.theme, buf);
        let lines = vec![
            Line::from(vec![
                Span::raw("Your room's code is "),
                Span::styled(code, self.theme.title()),
                Span::raw(". Tell your friend to type:"),
            ]),
            Line::raw(""),
            Line::styled(
                format!("  {}", self.lobby.invitation(code)),
                self.theme.key(),
            ),
            Line::raw(if self.private(code) {
                "It is private: no lobby lists it, only its code finds it."
            } else {
                "or to find it in the lobby, under Join."
            }),
            Line::raw(""),
            Line::from(vec![
                Span::styled("Enter", self.theme.key()),
                Span::styled(": go in and wait for them   ", self.theme.muted()),
                Span::styled("Esc", self.theme.key()),
                Span::styled(": stay in the lobby", self.theme.muted()),
            ]),
        ];
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }

    fn help(&self, area: Rect, buf: &mut Buffer) {
        let rect = centered(area, 72.min(area.width), 22.min(area.height));
        let inner = frame(rect, "Help: the lobby", &self.theme, buf);
        let key_line = |keys: &str, what: &str| {
            Line::from(vec![
                Span::styled(format!("{keys:<10}"), self.theme.key()),
                Span::raw(what.to_owned()),
            ])
        };
        let mut lines = vec![Line::raw(
            "Your games are yours to resume; join a room with a free seat, or watch one.",
        )];
        lines.extend(KEYS.iter().map(|(keys, what, _)| key_line(keys, what)));
        lines.push(Line::styled("In the new-game form:", self.theme.title()));
        lines.extend(FORM_KEYS.iter().map(|(keys, what)| key_line(keys, what)));
        lines.push(Line::styled(
            "In a game, q after its end (or Ctrl-Q) comes back here.   Esc: close",
            self.theme.muted(),
        ));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }
}

/// A room's line in a list: its code, players, clock and kind.
fn describe(entry: &Entry) -> String {
    let seat = |name: &Option<String>| name.clone().unwrap_or_else(|| "(free seat)".to_owned());
    let mut text = format!(
        "{:<7} {} – {}   {}",
        entry.code,
        seat(&entry.white),
        seat(&entry.black),
        entry.about.time
    );
    if entry.about.chess960 {
        text.push_str(" · Chess960");
    }
    if entry.about.plain {
        text.push_str(" · in lines");
    }
    if let Some(color) = entry.yours {
        text.push_str(&format!(" · you play {}", color.fold("White", "Black")));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::Lists;
    use crate::rooms::{About, Listing};
    use hotseat::app::NewGameForm;
    use hotseat::game::{Game, GameSetup};

    fn lobby() -> Lobby {
        let defaults = NewGameForm::new(&Game::new(GameSetup::default()), Default::default());
        let mut lobby = Lobby::new(Some("Ann".into()), 2222, defaults);
        let rooms: Vec<Listing> = (0..6)
            .map(|i| Listing {
                code: format!("j{i}"),
                white: Some("bob".into()),
                black: None,
                about: About {
                    time: "5+3".into(),
                    chess960: i == 0,
                    plain: false,
                    private: false,
                },
                ended: false,
            })
            .collect();
        let name = |key: &str| (key == "bob").then(|| "Bob".to_owned());
        lobby.rooms(Lists::of(&rooms, "ann", name));
        lobby
    }

    fn draw(lobby: &Lobby, width: u16, height: u16) -> (Buffer, String) {
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        LobbyView {
            lobby,
            theme: Theme::monochrome(),
            glyphs: GlyphSet::Unicode,
        }
        .render(area, &mut buf);
        let text = (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buf[(x, y)].symbol().to_owned())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        (buf, text)
    }

    #[test]
    fn the_lobby_at_80x24_shows_the_name_the_lists_and_the_keys() {
        let (_, text) = draw(&lobby(), 80, 24);
        for part in [
            "You are Ann",
            "Your games (0)",
            "Join: a seat is free (6)",
            "j0      Bob – (free seat)   5+3 · Chess960",
            "Watch (0)",
            "New game",
            "? F1 help",
        ] {
            assert!(text.contains(part), "{part} not in\n{text}");
        }
    }

    #[test]
    fn a_click_on_a_drawn_row_is_that_room_and_the_list_scrolls_to_the_choice() {
        let mut lobby = lobby();
        let area = Rect::new(0, 0, 80, 24);
        let (buf, _) = draw(&lobby, 80, 24);
        let row = (0..24)
            .find(|&y| {
                (0..80)
                    .map(|x| buf[(x, y)].symbol().to_owned())
                    .collect::<String>()
                    .contains("j1 ")
            })
            .unwrap();
        assert_eq!(
            hit(&lobby, area, 10, row),
            Some(Target::Entry(Section::Join, 1))
        );
        lobby.focus = Section::Join;
        for _ in 0..5 {
            lobby.key(crossterm::event::KeyEvent::from(
                crossterm::event::KeyCode::Down,
            ));
        }
        let (_, text) = draw(&lobby, 80, 24);
        assert!(text.contains("▸ j5"), "{text}");
        assert!(!text.contains("j0 "), "{text}");
    }

    #[test]
    fn the_form_and_a_tiny_terminal_are_drawn_within_bounds() {
        let mut lobby = lobby();
        lobby.key(crossterm::event::KeyEvent::from(
            crossterm::event::KeyCode::Char('n'),
        ));
        let (_, text) = draw(&lobby, 80, 24);
        for part in ["New game", "Clock", "You play", "Chess960", "Lines"] {
            assert!(text.contains(part), "{part} not in\n{text}");
        }
        let (_, text) = draw(&lobby, 30, 8);
        assert!(text.contains("at least"), "{text}");
        for (w, h) in [(40, 12), (120, 40), (500, 200)] {
            draw(&lobby, w, h);
        }
    }
}
