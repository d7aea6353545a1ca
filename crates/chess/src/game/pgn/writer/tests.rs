use proptest::prelude::*;

use super::{ExportGame, ExportMove, LINE};
use crate::game::pgn::{Outcome, RawTag, Skip, SliceReader, Visitor};

fn mv(san: &str, comment: Option<&str>) -> ExportMove {
    ExportMove {
        san: san.to_owned(),
        nags: Vec::new(),
        comment: comment.map(str::to_owned),
        ..ExportMove::default()
    }
}

fn game(tags: &[(&str, &str)], moves: Vec<ExportMove>, result: &str) -> ExportGame {
    ExportGame {
        tags: tags
            .iter()
            .map(|&(n, v)| (n.to_owned(), v.to_owned()))
            .collect(),
        fullmove: 1,
        white_to_move: true,
        moves,
        closing: None,
        result: result.to_owned(),
        intro: None,
    }
}

fn movetext(text: &str) -> &str {
    text.split_once("\n\n").unwrap().1
}

#[test]
fn roster_tags_come_first_in_standard_order_and_missing_ones_are_filled() {
    let g = game(
        &[
            ("Annotator", "me"),
            ("Black", "B"),
            ("Event", "E"),
            ("ECO", "C20"),
        ],
        vec![],
        "1-0",
    );
    let text = g.to_string();
    let tags: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(
        tags,
        [
            "[Event \"E\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"?\"]",
            "[Black \"B\"]",
            "[Result \"1-0\"]",
            "[Annotator \"me\"]",
            "[ECO \"C20\"]",
        ]
    );
}

#[test]
fn a_given_result_tag_is_kept_and_a_repeated_roster_tag_written_once() {
    let g = game(
        &[("Result", "*"), ("White", "A"), ("White", "Z")],
        vec![],
        "0-1",
    );
    let text = g.to_string();
    assert!(text.contains("[Result \"*\"]\n"));
    assert_eq!(text.matches("[White ").count(), 1);
    assert!(text.contains("[White \"A\"]"));
    assert!(text.ends_with("\n\n0-1\n\n"));
}

#[test]
fn tag_values_are_escaped_and_kept_on_one_line() {
    let g = game(&[("Event", "say \"hi\" \\o/\nbye")], vec![], "*");
    assert!(
        g.to_string()
            .starts_with("[Event \"say \\\"hi\\\" \\\\o/ bye\"]\n")
    );
}

#[test]
fn tag_names_lose_bytes_that_would_end_them() {
    let g = game(&[("My Tag]", "x"), ("", "dropped")], vec![], "*");
    let text = g.to_string();
    assert!(text.contains("[My_Tag_ \"x\"]\n"));
    assert!(!text.contains("dropped"));
}

#[test]
fn move_numbers_before_white_moves_and_after_comments() {
    let moves = vec![
        mv("e4", Some("[%clk 0:04:59]")),
        mv("e5", None),
        mv("Nf3", None),
        mv("Nc6", Some("x")),
        mv("Bb5", None),
    ];
    let text = game(&[], moves, "*").to_string();
    assert_eq!(
        movetext(&text),
        "1. e4 {[%clk 0:04:59]} 1... e5 2. Nf3 Nc6 {x} 3. Bb5 *\n\n"
    );
}

#[test]
fn a_game_starting_with_black_numbers_its_first_move() {
    let mut g = game(&[], vec![mv("Nf6", None), mv("Nc3", None)], "*");
    g.fullmove = 12;
    g.white_to_move = false;
    assert_eq!(movetext(&g.to_string()), "12... Nf6 13. Nc3 *\n\n");
}

#[test]
fn a_game_without_moves_is_just_its_result_and_odd_results_become_a_star() {
    assert_eq!(
        movetext(&game(&[], vec![], "1/2-1/2").to_string()),
        "1/2-1/2\n\n"
    );
    let text = game(&[], vec![], "draw").to_string();
    assert_eq!(movetext(&text), "*\n\n");
    assert!(text.contains("[Result \"*\"]"));
}

#[test]
fn comments_lose_closing_braces_extra_whitespace_and_empty_ones_vanish() {
    let moves = vec![mv("e4", Some(" a }\n\tb ")), mv("e5", Some(" \n "))];
    let text = game(&[], moves, "*").to_string();
    assert_eq!(movetext(&text), "1. e4 {a ) b} 1... e5 *\n\n");
}

#[test]
fn lines_stay_within_80_characters_and_numbers_stay_with_their_moves() {
    let moves = (0..200)
        .map(|i| mv(if i % 2 == 0 { "Nbxd7+" } else { "Qh8xh1#" }, None))
        .collect();
    let text = game(&[], moves, "1-0").to_string();
    for line in movetext(&text).lines() {
        assert!(line.len() <= LINE, "{line:?}");
        assert!(!line.ends_with('.'), "{line:?}");
    }
    let lines: Vec<&str> = movetext(&text).lines().collect();
    assert!(lines.len() > 10);
    assert!(lines[0].len() > 70);
}

#[test]
fn a_comment_that_fits_a_line_is_not_broken_and_a_longer_one_breaks_at_spaces() {
    let short = "word ".repeat(15);
    let long = "word ".repeat(40);
    let moves = vec![mv("e4", Some(&short)), mv("e5", Some(&long))];
    let text = game(&[], moves, "*").to_string();
    let lines: Vec<&str> = movetext(&text).lines().collect();
    assert_eq!(lines[0], "1. e4");
    assert_eq!(lines[1], format!("{{{}}}", short.trim()));
    assert!(lines[2].starts_with("1... e5 {word word"));
    for line in &lines {
        assert!(line.len() <= LINE, "{line:?}");
    }
    assert!(lines.iter().any(|l| l.ends_with("word} *")));
}

#[test]
fn consecutive_games_are_parted_by_a_blank_line() {
    let a = game(&[("Event", "a")], vec![mv("e4", None)], "1-0");
    let b = game(&[("Event", "b")], vec![mv("d4", None)], "0-1");
    let text = format!("{a}{b}");
    assert!(text.contains("1. e4 1-0\n\n[Event \"b\"]"));
    let mut reader = SliceReader::new(text.as_bytes());
    let mut seen = Seen::default();
    assert_eq!(reader.read_game(&mut seen).unwrap().unwrap().sans, ["e4"]);
    assert_eq!(reader.read_game(&mut seen).unwrap().unwrap().sans, ["d4"]);
    assert!(reader.read_game(&mut seen).unwrap().is_none());
}

/// What the reader saw of a game, in the writer's terms.
#[derive(Debug, Default, PartialEq, Eq)]
struct Seen {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    /// Comments by the number of moves before them, whitespace collapsed.
    comments: Vec<(usize, String)>,
    outcome: Option<Option<Outcome>>,
    extra: Vec<String>,
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Visitor for Seen {
    type Output = Seen;

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Skip {
        let name = String::from_utf8_lossy(name).into_owned();
        self.tags.push((name, value.decode_utf8().into_owned()));
        Skip(false)
    }

    fn san(&mut self, san: &[u8]) -> Skip {
        self.sans.push(String::from_utf8_lossy(san).into_owned());
        Skip(false)
    }

    fn nag(&mut self, nag: u8) -> Skip {
        self.extra.push(format!("nag {nag}"));
        Skip(false)
    }

    fn comment(&mut self, comment: &[u8]) -> Skip {
        let text = collapse(&String::from_utf8_lossy(comment));
        self.comments.push((self.sans.len(), text));
        Skip(false)
    }

    fn begin_variation(&mut self) -> Skip {
        self.extra.push("variation".to_owned());
        Skip(true)
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.outcome = Some(outcome);
    }

    fn end_game(&mut self) -> Seen {
        std::mem::take(self)
    }
}

/// What the reader should see of `g`.
fn expected(g: &ExportGame) -> Seen {
    let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let defaults = ["?", "?", "????.??.??", "?", "?", "?", g.result.as_str()];
    let clean = |v: &str| v.replace(|c: char| c.is_control(), " ");
    let mut tags: Vec<(String, String)> = roster
        .iter()
        .zip(defaults)
        .map(|(&name, default)| {
            let given = g.tags.iter().find(|(n, _)| n == name);
            let value = given.map_or(default.to_owned(), |(_, v)| clean(v));
            (name.to_owned(), value)
        })
        .collect();
    tags.extend(
        g.tags
            .iter()
            .filter(|(n, _)| !roster.contains(&n.as_str()))
            .map(|(n, v)| (n.clone(), clean(v))),
    );
    let comments = g
        .moves
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            let text = collapse(&m.comment.as_deref()?.replace('}', ")"));
            (!text.is_empty()).then_some((i + 1, text))
        })
        .collect();
    Seen {
        tags,
        sans: g.moves.iter().map(|m| m.san.clone()).collect(),
        comments,
        outcome: Some(Outcome::from_token(g.result.as_bytes()).unwrap()),
        extra: Vec::new(),
    }
}

fn export_move() -> impl Strategy<Value = ExportMove> {
    (
        "[a-hKQRBNO][a-h1-8x=+#O-]{0,6}",
        proptest::option::of(r#"[ -~\t\n\r{}é♞]{0,120}"#),
    )
        .prop_map(|(san, comment)| ExportMove {
            san,
            nags: Vec::new(),
            comment,
            ..ExportMove::default()
        })
}

fn export_game() -> impl Strategy<Value = ExportGame> {
    let tag = (
        prop_oneof!["[A-Za-z][A-Za-z0-9_]{0,10}", Just("White".to_owned())],
        r#"[ -~é♞\t]{0,30}"#,
    );
    (
        proptest::collection::vec(tag, 0..10),
        1u32..500,
        any::<bool>(),
        proptest::collection::vec(export_move(), 0..60),
        prop_oneof![Just("1-0"), Just("0-1"), Just("1/2-1/2"), Just("*")],
    )
        .prop_map(
            |(tags, fullmove, white_to_move, moves, result)| ExportGame {
                tags,
                fullmove,
                white_to_move,
                moves,
                closing: None,
                result: result.to_owned(),
                intro: None,
            },
        )
}

proptest! {
    #[test]
    fn what_the_writer_writes_the_reader_reads_back(g in export_game(), h in export_game()) {
        let text = format!("{g}{h}");
        let mut reader = SliceReader::new(text.as_bytes());
        let mut seen = Seen::default();
        prop_assert_eq!(reader.read_game(&mut seen).unwrap(), Some(expected(&g)));
        prop_assert_eq!(reader.read_game(&mut seen).unwrap(), Some(expected(&h)));
        prop_assert_eq!(reader.read_game(&mut seen).unwrap(), None);
    }

    #[test]
    fn movetext_lines_are_short_unless_one_word_is_longer(g in export_game()) {
        let text = g.to_string();
        for line in movetext(&text).lines() {
            prop_assert!(line.chars().count() <= LINE || !line.contains(' '), "{:?}", line);
        }
    }
}
