//! Every input is read three ways — from a slice, from an `io::Read` in big chunks, and from one
//! that hands over a few bytes at a time — and all three must report the same events, so the
//! refilling logic is tested by every test.

use std::io::{self, Read};

use proptest::prelude::*;

use super::{Reader, SliceReader};
use crate::game::pgn::{MAX_TOKEN_LEN, Outcome, RawTag, Skip, Visitor};

#[derive(Clone, Debug, PartialEq, Eq)]
enum Ev {
    Tag(String, String),
    Movetext,
    San(String),
    Nag(u8),
    Comment(String),
    BeginVariation,
    EndVariation,
    Outcome(Option<Outcome>),
}

use Ev::*;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn san(s: &str) -> Ev {
    San(s.to_owned())
}

fn comment(s: &str) -> Ev {
    Comment(s.to_owned())
}

fn tag(name: &str, value: &str) -> Ev {
    Tag(name.to_owned(), value.to_owned())
}

/// Records every event; enters variations when asked, skips the game after a given token.
#[derive(Default)]
struct Collect {
    events: Vec<Ev>,
    enter_variations: bool,
    skip_after: Option<&'static str>,
}

impl Collect {
    fn skip_if(&self, token: &[u8]) -> Skip {
        Skip(self.skip_after.is_some_and(|s| s.as_bytes() == token))
    }
}

impl Visitor for Collect {
    type Output = Vec<Ev>;

    fn begin_game(&mut self) {
        self.events.clear();
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Skip {
        self.events
            .push(Tag(text(name), value.decode_utf8().into_owned()));
        self.skip_if(name)
    }

    fn begin_movetext(&mut self) -> Skip {
        self.events.push(Movetext);
        Skip(false)
    }

    fn san(&mut self, san: &[u8]) -> Skip {
        self.events.push(San(text(san)));
        self.skip_if(san)
    }

    fn nag(&mut self, nag: u8) -> Skip {
        self.events.push(Nag(nag));
        Skip(false)
    }

    fn comment(&mut self, comment: &[u8]) -> Skip {
        self.events.push(Comment(text(comment)));
        self.skip_if(comment)
    }

    fn begin_variation(&mut self) -> Skip {
        self.events.push(BeginVariation);
        Skip(!self.enter_variations)
    }

    fn end_variation(&mut self) {
        self.events.push(EndVariation);
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.events.push(Ev::Outcome(outcome));
    }

    fn end_game(&mut self) -> Vec<Ev> {
        std::mem::take(&mut self.events)
    }
}

/// An `io::Read` that hands over at most `step` bytes per call.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

fn games_with(input: &[u8], make: impl Fn() -> Collect, step: usize) -> Vec<Vec<Ev>> {
    let mut visitor = make();
    let mut from_slice = Vec::new();
    let mut slice = SliceReader::new(input);
    // Every game consumes at least one byte, so this many calls always reach the end.
    for _ in 0..=input.len() + 1 {
        match slice.read_game(&mut visitor).unwrap() {
            Some(game) => from_slice.push(game),
            None => break,
        }
    }
    assert_eq!(
        slice.read_game(&mut visitor).unwrap(),
        None,
        "reader did not finish"
    );
    for step in [usize::MAX, step] {
        let mut reader = Reader::new(Trickle { bytes: input, step });
        let mut from_reader = Vec::new();
        while let Some(game) = reader.read_game(&mut visitor).unwrap() {
            from_reader.push(game);
        }
        assert_eq!(
            from_reader, from_slice,
            "buffered reading (step {step}) differs"
        );
    }
    from_slice
}

fn games(input: &str) -> Vec<Vec<Ev>> {
    games_with(input.as_bytes(), Collect::default, 3)
}

fn one_game(input: &str) -> Vec<Ev> {
    let mut games = games(input);
    assert_eq!(games.len(), 1, "{games:?}");
    games.remove(0)
}

#[test]
fn tag_pairs_are_reported_with_escapes_decoded() {
    let game = one_game("[Event \"A \\\"big\\\" one\"]\n[Site \"C:\\\\chess\"]\n\n*");
    assert_eq!(
        game,
        [
            tag("Event", "A \"big\" one"),
            tag("Site", "C:\\chess"),
            Movetext,
            Ev::Outcome(None)
        ]
    );
}

#[test]
fn raw_tag_value_keeps_its_escapes() {
    struct Raw(Vec<u8>);
    impl Visitor for Raw {
        type Output = Vec<u8>;
        fn tag(&mut self, _: &[u8], value: RawTag<'_>) -> Skip {
            self.0 = value.as_bytes().to_vec();
            Skip(false)
        }
        fn end_game(&mut self) -> Vec<u8> {
            std::mem::take(&mut self.0)
        }
    }
    let mut reader = SliceReader::new(br#"[Event "a\"b\\"]"#);
    assert_eq!(
        reader.read_game(&mut Raw(Vec::new())).unwrap().unwrap(),
        br#"a\"b\\"#
    );
}

#[test]
fn tags_without_spaces_or_on_one_line_are_read() {
    let game = one_game("[Event\"x\"][Site  \"y\"  ] [Round \"\"]\n1. e4");
    assert_eq!(
        game,
        [
            tag("Event", "x"),
            tag("Site", "y"),
            tag("Round", ""),
            Movetext,
            san("e4")
        ]
    );
}

#[test]
fn an_escape_line_between_tags_is_skipped_after_one_line_break_or_more() {
    for between in ["\n", "\r\n", "\n\n", "\n \n"] {
        let game = one_game(&format!(
            "[Event \"x\"]{between}% a note{between}[Site \"y\"]{between}%[Round \"z\"]\n1. e4"
        ));
        assert_eq!(
            game,
            [tag("Event", "x"), tag("Site", "y"), Movetext, san("e4")],
            "{between:?}"
        );
    }
}

#[test]
fn malformed_tags_are_dropped_and_unterminated_values_end_at_the_line() {
    let game = one_game("[Event]\n[Site unquoted]\n[Round \"3\n[White \"Kim\"]\n*");
    assert_eq!(
        game,
        [
            tag("Round", "3"),
            tag("White", "Kim"),
            Movetext,
            Ev::Outcome(None)
        ]
    );
}

#[test]
fn move_numbers_in_every_form_are_dropped() {
    let game = one_game("1. e4 1... e5 2.Nf3 2...Nc6 12. Bb5 12 ... a6 13.... Ba4");
    assert_eq!(
        game,
        [
            Movetext,
            san("e4"),
            san("e5"),
            san("Nf3"),
            san("Nc6"),
            san("Bb5"),
            san("a6"),
            san("Ba4")
        ]
    );
}

#[test]
fn suffix_annotations_become_nags_and_check_marks_stay() {
    let game = one_game("1. e4! e5? 2. Qh5!! Nc6?? 3. Bc4!? Nf6?! 4. Qxf7# !");
    assert_eq!(
        game,
        [
            Movetext,
            san("e4"),
            Nag(1),
            san("e5"),
            Nag(2),
            san("Qh5"),
            Nag(3),
            san("Nc6"),
            Nag(4),
            san("Bc4"),
            Nag(5),
            san("Nf6"),
            Nag(6),
            san("Qxf7#"),
            Nag(1)
        ]
    );
}

#[test]
fn dollar_nags_from_0_to_255_and_larger_ones_are_garbage() {
    let game = one_game("e4 $1 $14$255 e5$0 $256 $");
    assert_eq!(
        game,
        [
            Movetext,
            san("e4"),
            Nag(1),
            Nag(14),
            Nag(255),
            san("e5"),
            Nag(0),
            san("$256"),
            san("$")
        ]
    );
}

#[test]
fn brace_comments_span_lines_and_semicolon_comments_end_with_the_line() {
    let game = one_game(
        "[Event \"x\"]{start}1. e4 {a\nlong [%clk 0:01:00] ; comment} e5 ; rest { of line\nNf3{x}Nc6",
    );
    assert_eq!(
        game,
        [
            tag("Event", "x"),
            Movetext,
            comment("start"),
            san("e4"),
            comment("a\nlong [%clk 0:01:00] ; comment"),
            san("e5"),
            comment(" rest { of line"),
            san("Nf3"),
            comment("x"),
            san("Nc6")
        ]
    );
}

#[test]
fn variations_are_skipped_by_default_at_any_depth() {
    let game = one_game("1. e4 (1. d4 (1. c4 {)} c5) d5 ; )\n) e5 (1... c5) 2. Nf3 *");
    assert_eq!(
        game,
        [
            Movetext,
            san("e4"),
            BeginVariation,
            san("e5"),
            BeginVariation,
            san("Nf3"),
            Ev::Outcome(None)
        ]
    );
}

#[test]
fn entered_variations_report_their_contents() {
    let make = || Collect {
        enter_variations: true,
        ..Collect::default()
    };
    let games = games_with(b"1. e4 (1. d4 d5 (1... Nf6)) e5 *", make, 2);
    assert_eq!(
        games,
        [vec![
            Movetext,
            san("e4"),
            BeginVariation,
            san("d4"),
            san("d5"),
            BeginVariation,
            san("Nf6"),
            EndVariation,
            EndVariation,
            san("e5"),
            Ev::Outcome(None)
        ]]
    );
}

#[test]
fn each_result_token_ends_the_game() {
    let games = games("e4 1-0 e4 0-1 e4 1/2-1/2 e4 *");
    let outcomes: Vec<_> = games.iter().map(|g| g.last().cloned()).collect();
    assert_eq!(
        outcomes,
        [
            Some(Ev::Outcome(Some(Outcome::WhiteWins))),
            Some(Ev::Outcome(Some(Outcome::BlackWins))),
            Some(Ev::Outcome(Some(Outcome::Draw))),
            Some(Ev::Outcome(None))
        ]
    );
}

#[test]
fn a_result_inside_a_variation_does_not_end_the_game() {
    let make = || Collect {
        enter_variations: true,
        ..Collect::default()
    };
    let games = games_with(b"e4 (d4 1-0) e5 0-1", make, 1);
    assert_eq!(
        games,
        [vec![
            Movetext,
            san("e4"),
            BeginVariation,
            san("d4"),
            EndVariation,
            san("e5"),
            Ev::Outcome(Some(Outcome::BlackWins))
        ]]
    );
}

#[test]
fn percent_lines_are_ignored_only_in_the_first_column() {
    let game = one_game("%header line [Event \"no\"]\n[Event \"x\"]\n% e4\n1. d4 %d5\n%(\n*");
    assert_eq!(
        game,
        [
            tag("Event", "x"),
            Movetext,
            san("d4"),
            san("%d5"),
            Ev::Outcome(None)
        ]
    );
}

#[test]
fn byte_order_mark_and_crlf_are_handled() {
    let game =
        one_game("\u{feff}[Event \"x\"]\r\n\r\n1. e4 ; note\r\n% escape\r\n{c\r\n} e5 1-0\r\n");
    assert_eq!(
        game,
        [
            tag("Event", "x"),
            Movetext,
            san("e4"),
            comment(" note"),
            comment("c\r\n"),
            san("e5"),
            Ev::Outcome(Some(Outcome::WhiteWins))
        ]
    );
}

#[test]
fn several_games_are_read_one_by_one() {
    let input = "[Event \"1\"]\n\n1. e4 *\n\n[Event \"2\"]\n\n1. d4 1-0\n\n\n";
    assert_eq!(
        games(input),
        [
            vec![tag("Event", "1"), Movetext, san("e4"), Ev::Outcome(None)],
            vec![
                tag("Event", "2"),
                Movetext,
                san("d4"),
                Ev::Outcome(Some(Outcome::WhiteWins))
            ],
        ]
    );
}

#[test]
fn a_game_without_result_ends_at_the_next_tags() {
    let input = "[Event \"1\"]\n1. e4 (1. d4\n[Event \"2\"]\n1. c4";
    assert_eq!(
        games(input),
        [
            vec![tag("Event", "1"), Movetext, san("e4"), BeginVariation],
            vec![tag("Event", "2"), Movetext, san("c4")],
        ]
    );
}

#[test]
fn games_without_tags_and_text_between_games() {
    let input = "1. e4 e5 1-0 {trailing comment} ) ;x\n%x\n1. d4 0-1\n";
    assert_eq!(
        games(input),
        [
            vec![
                Movetext,
                san("e4"),
                san("e5"),
                Ev::Outcome(Some(Outcome::WhiteWins))
            ],
            vec![Movetext, san("d4"), Ev::Outcome(Some(Outcome::BlackWins))],
        ]
    );
}

#[test]
fn garbage_tokens_are_handed_on_as_moves() {
    let game = one_game("1. e4 ?? xyzzy e5} ] \"q\" -- Z0 *");
    assert_eq!(
        game,
        [
            Movetext,
            san("e4"),
            Nag(4),
            san("xyzzy"),
            san("e5}"),
            san("]"),
            san("\"q\""),
            san("--"),
            san("Z0"),
            Ev::Outcome(None)
        ]
    );
}

#[test]
fn empty_and_blank_input_hold_no_games() {
    assert!(games("").is_empty());
    assert!(games(" \n\r\n\t").is_empty());
    assert!(games("\u{feff}").is_empty());
    assert!(games("% only an escape line").is_empty());
    assert!(games("{only a comment}\n;and another").is_empty());
}

#[test]
fn the_visitor_can_skip_the_rest_of_a_game() {
    let make = || Collect {
        skip_after: Some("Nf3"),
        ..Collect::default()
    };
    let input = b"1. e4 e5 2. Nf3 {c} Nc6 (a) 3. Bb5 1-0\n1. d4 Nf3 *";
    assert_eq!(
        games_with(input, make, 4),
        [
            vec![Movetext, san("e4"), san("e5"), san("Nf3")],
            vec![Movetext, san("d4"), san("Nf3")],
        ]
    );
}

#[test]
fn skipping_from_a_tag_skips_the_other_tags_and_the_moves() {
    let make = || Collect {
        skip_after: Some("FEN"),
        ..Collect::default()
    };
    let input = b"[FEN \"bad\"]\n[Event \"x\"]\n1. e4 *\n[Event \"y\"]\n1. d4 *";
    assert_eq!(
        games_with(input, make, 5),
        [
            vec![tag("FEN", "bad")],
            vec![tag("Event", "y"), Movetext, san("d4"), Ev::Outcome(None)],
        ]
    );
}

#[test]
fn skip_game_passes_over_one_game() {
    let input = b"[Event \"1\"]\n1. e4 (1. d4 *) *\n[Event \"2\"]\n1. d4 *";
    let mut reader = SliceReader::new(input);
    assert!(reader.skip_game().unwrap());
    let game = reader.read_game(&mut Collect::default()).unwrap().unwrap();
    assert_eq!(game[0], tag("Event", "2"));
    assert!(!reader.skip_game().unwrap());
    let mut reader = Reader::new(Trickle {
        bytes: input,
        step: 2,
    });
    assert!(reader.skip_game().unwrap());
    assert!(reader.skip_game().unwrap());
    assert!(!reader.skip_game().unwrap());
}

#[test]
fn unterminated_comment_ends_at_end_of_input() {
    let game = one_game("1. e4 {never closed ( [Event \"x\"] 1-0");
    assert_eq!(
        game,
        [
            Movetext,
            san("e4"),
            comment("never closed ( [Event \"x\"] 1-0")
        ]
    );
}

#[test]
fn five_thousand_nested_variations_are_skipped_without_recursion() {
    let input = format!(
        "1. e4 {} e5 {} 2. Nf3 *",
        "( d4 ".repeat(5000),
        ")".repeat(5000)
    );
    let game = one_game(&input);
    assert_eq!(
        game,
        [
            Movetext,
            san("e4"),
            BeginVariation,
            san("Nf3"),
            Ev::Outcome(None)
        ]
    );
}

#[test]
fn five_thousand_unclosed_variations_entered_are_all_closed() {
    let make = || Collect {
        enter_variations: true,
        ..Collect::default()
    };
    let input = "(".repeat(5000);
    let game = games_with(input.as_bytes(), make, 7).remove(0);
    assert_eq!(game.len(), 1 + 2 * 5000);
    assert_eq!(game.iter().filter(|e| **e == EndVariation).count(), 5000);
}

#[test]
fn unbalanced_closing_parentheses_are_ignored() {
    let game = one_game("[Event \"x\"] 1. e4 ) ) e5 ()) *");
    assert_eq!(
        game,
        [
            tag("Event", "x"),
            Movetext,
            san("e4"),
            san("e5"),
            BeginVariation,
            Ev::Outcome(None)
        ]
    );
}

#[test]
fn a_200_kb_tag_value_and_comment_are_read_whole() {
    let long = "ab\\\"c ".repeat(200_000 / 6);
    let input = format!("[Annotator \"{long}\"]\n1. e4 {{{long}}} *");
    let decoded = long.replace("\\\"", "\"");
    let game = games_with(input.as_bytes(), Collect::default, 4096).remove(0);
    assert_eq!(
        game,
        [
            tag("Annotator", &decoded),
            Movetext,
            san("e4"),
            comment(&long),
            Ev::Outcome(None)
        ]
    );
}

#[test]
fn tokens_longer_than_the_limit_are_cut_and_the_rest_skipped() {
    let huge = "x".repeat(MAX_TOKEN_LEN + 10);
    let input = format!("1. e4 {{{huge}}} {huge} e5 *");
    let game = games_with(input.as_bytes(), Collect::default, 1 << 16).remove(0);
    let lens: Vec<usize> = game
        .iter()
        .map(|e| match e {
            San(s) | Comment(s) => s.len(),
            _ => 0,
        })
        .collect();
    assert_eq!(lens, [0, 2, MAX_TOKEN_LEN - 1, MAX_TOKEN_LEN, 2, 0]);
    assert_eq!(game[4], san("e5"));
}

#[test]
fn nul_bytes_and_invalid_utf8_do_not_disturb_reading() {
    let input = b"[Event \"\xff\xfe\"]\n1. e4\0e5 \xc3\x41 {\0\xff} *";
    let game = games_with(input, Collect::default, 1).remove(0);
    assert_eq!(
        game,
        [
            tag("Event", "\u{fffd}\u{fffd}"),
            Movetext,
            san("e4"),
            san("e5"),
            san("\u{fffd}A"),
            comment("\0\u{fffd}"),
            Ev::Outcome(None)
        ]
    );
}

#[test]
fn a_read_error_is_returned() {
    struct Broken;
    impl Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk on fire"))
        }
    }
    let err = Reader::new(Broken)
        .read_game(&mut Collect::default())
        .unwrap_err();
    assert_eq!(err.to_string(), "disk on fire");
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic_and_always_finish(
        bytes in proptest::collection::vec(any::<u8>(), 0..600),
        step in 1usize..9,
    ) {
        games_with(&bytes, Collect::default, step);
        let make = || Collect { enter_variations: true, ..Collect::default() };
        games_with(&bytes, make, step);
    }

    #[test]
    fn pgn_like_text_never_panics_and_reads_the_same_in_any_chunks(
        input in r#"[\[\]{}()%;$!?"\\0-9a-hNO=+#*/. \n\r-]{0,300}"#,
        step in 1usize..9,
    ) {
        games_with(input.as_bytes(), Collect::default, step);
        let make = || Collect { enter_variations: true, ..Collect::default() };
        games_with(input.as_bytes(), make, step);
    }
}

#[test]
fn tags_near_the_plain_form_read_as_the_general_reader_reads_them() {
    // The plain form `[Name "value"]` is read in one pass when it lies whole in the buffer;
    // each of these differs from it in one way, and reads the same from a slice (whole) as
    // from a reader fed three bytes at a time (through the general path).
    let cases: [(&str, &[Ev]); 9] = [
        ("[Event \"x\"]", &[tag("Event", "x")]),
        (
            "[Event \"x\"] [Site \"y\"]",
            &[tag("Event", "x"), tag("Site", "y")],
        ),
        ("[Event \"x\" ]", &[tag("Event", "x")]),
        ("[Event \"a\\\"b\"]", &[tag("Event", "a\"b")]),
        ("[Event\t\"x\"]", &[tag("Event", "x")]),
        ("[ Event \"x\"]", &[tag("Event", "x")]),
        ("[Event  \"x\"]", &[tag("Event", "x")]),
        ("[Event \"x]", &[tag("Event", "x]")]),
        (
            "[Event \"\"][Site \"y\"]",
            &[tag("Event", ""), tag("Site", "y")],
        ),
    ];
    for (tags, expected) in cases {
        let mut want = expected.to_vec();
        want.extend([Movetext, san("e4")]);
        assert_eq!(one_game(&format!("{tags}\n1. e4")), want, "{tags:?}");
    }
}

#[test]
fn every_kind_of_token_after_a_move_number_and_one_space_is_read() {
    // The token one space after a move number is read in the same step as the number.
    let game =
        one_game("1. e4 1... {c} e5 2. (2. d4) Nf3 2... $1 Nc6 3. 3... 4.  a6 5. \n h6 6. 1-0");
    assert_eq!(
        game,
        [
            Movetext,
            san("e4"),
            comment("c"),
            san("e5"),
            Ev::BeginVariation,
            san("Nf3"),
            Ev::Nag(1),
            san("Nc6"),
            san("a6"),
            san("h6"),
            Ev::Outcome(Some(Outcome::WhiteWins))
        ]
    );
    assert_eq!(one_game("1. *"), [Movetext, Ev::Outcome(None)]);
    assert_eq!(one_game("1. e4!"), [Movetext, san("e4"), Ev::Nag(1)]);
}
