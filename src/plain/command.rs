//! What a line typed in the plain mode means: a command, or moves for the move box.
//!
//! Every command is one word with a short and a long form (`b` / `board`), with or without a
//! leading `/` as in lichess's blind mode, in any case. A line that is no command is moves,
//! read by the move box exactly as on the screen (`Nf3`, `e2e4`, `O-O`, several on a line).
//!
//! Two readings could clash, and are settled so:
//!
//! * A square alone is a move, as on lichess: `e4` plays the pawn. To hear a square, give it a
//!   command word: `s e4` (`scan e4`, `square e4`).
//! * A letter alone is a command (`b` is the board): no move is one letter long. `p n` and
//!   `s e` read pieces and a file, since no move has a space after a lone letter either.
//!
//! A first word that is no command and cannot begin a move (a move names a square, so it has a
//! digit, or it is castling) is an unknown command: it is said so, with the nearest command
//! word when one is close (`boadr`: board), rather than read as a move that cannot be.
//!
//! The table [`COMMANDS`] feeds both the reading and `help`, so they cannot disagree; `help`
//! with a command word or a group's name ([`GROUPS`]) says only that part.

use crate::rules::{Color, File, Rank, Role, Square};

/// A command of the plain mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    /// `help TOPIC`: one command, or a group of them ([`help_on`]).
    HelpOn(String),
    Board,
    /// The pieces of one side or both, of one kind or all.
    Pieces {
        color: Option<Color>,
        role: Option<Role>,
    },
    Rank(Rank),
    File(File),
    Square(Square),
    /// What the piece on a square can do.
    MovesFrom(Square),
    Last,
    Moves,
    Turn,
    Clock,
    /// The player not to move.
    Other,
    Opening,
    Draw,
    Accept,
    Decline,
    Claim,
    Resign,
    Takeback,
    /// Against the computer: its move for you at full strength.
    Hint,
    /// Against the computer: make it move now.
    MoveNow,
    Flip,
    /// Export the game to a file: the path given, or the suggested one.
    Save(Option<String>),
    Quit,
    /// Across the network, at the host: the invitations again.
    Invite,
    /// The piece for a promotion asked about.
    Promote(Role),
    // ---- A new game, the clocks paused, and stepping through the game ----
    /// A new game with the same options (asks first with a game in progress).
    New,
    Pause,
    Resume,
    /// One move back in the game, as the screen's review does.
    Back,
    Forward,
    /// The start position of the game.
    Start,
    /// The position after the last move: the present.
    End,
}

/// What a line means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    Command(Command),
    /// Moves for the move box, as typed.
    Moves(String),
    /// A command word with something wrong after it: what to say.
    Wrong(String),
    /// Nothing but spaces.
    Blank,
}

/// One line of `help`: the words, what they take, what the command does.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The long form first, then the short ones.
    pub words: &'static [&'static str],
    /// What follows the word, as `help` shows it (empty: nothing).
    pub takes: &'static str,
    pub does: &'static str,
}

/// Every command word, in the order `help` lists them.
pub const COMMANDS: &[Entry] = &[
    Entry {
        words: &["help", "h", "?"],
        takes: "[command or group]",
        does: "this list; help board for one command, help playing for a group",
    },
    Entry {
        words: &["board", "b"],
        takes: "",
        does: "the board rank by rank, empty squares counted",
    },
    Entry {
        words: &["pieces", "p"],
        takes: "[white | black] [kind]",
        does: "where the pieces are: p n the knights, p a all, white knights",
    },
    Entry {
        words: &["scan", "s"],
        takes: "file, rank or square",
        does: "what stands there: s e, s 4, s e4",
    },
    Entry {
        words: &["rank", "r"],
        takes: "1 to 8",
        does: "one rank: rank 7",
    },
    Entry {
        words: &["file", "f"],
        takes: "a to h",
        does: "one file: file e",
    },
    Entry {
        words: &["square", "sq"],
        takes: "square",
        does: "one square: square e4",
    },
    Entry {
        words: &["from", "m"],
        takes: "square",
        does: "where the piece there can go: from g1, moves from g1",
    },
    Entry {
        words: &["last", "l"],
        takes: "",
        does: "the last move",
    },
    Entry {
        words: &["moves", "m"],
        takes: "",
        does: "the moves so far",
    },
    Entry {
        words: &["turn", "t"],
        takes: "",
        does: "whose move it is",
    },
    Entry {
        words: &["clock", "c"],
        takes: "",
        does: "both clocks",
    },
    Entry {
        words: &["other", "o"],
        takes: "",
        does: "the other player: name and time",
    },
    Entry {
        words: &["opening", "op"],
        takes: "",
        does: "the opening's name",
    },
    Entry {
        words: &["draw", "d"],
        takes: "",
        does: "offer a draw with your next move (again: withdraw), or take up the offer made",
    },
    Entry {
        words: &["accept", "yes", "y"],
        takes: "",
        does: "yes to the question asked: a draw offer, a takeback, resign, quit",
    },
    Entry {
        words: &["decline", "no", "n"],
        takes: "",
        does: "no to the question asked",
    },
    Entry {
        words: &["claim", "cl"],
        takes: "",
        does: "claim a draw by threefold repetition or the fifty-move rule",
    },
    Entry {
        words: &["resign", "res"],
        takes: "",
        does: "resign the game for the player to move (asks first)",
    },
    Entry {
        words: &["takeback", "tb"],
        takes: "",
        does: "ask to take back the last move; the other player answers",
    },
    Entry {
        words: &["hint"],
        takes: "",
        does: "against the computer: its move for you at full strength, written in the game",
    },
    Entry {
        words: &["now"],
        takes: "",
        does: "against the computer: make it move now, with the best move it has found",
    },
    Entry {
        words: &["flip", "fl"],
        takes: "",
        does: "read the board from the other side",
    },
    Entry {
        words: &["save", "sv"],
        takes: "[file]",
        does: "save a copy of the game as PGN: save game.pgn",
    },
    Entry {
        words: &["new"],
        takes: "",
        does: "a new game with the same options; asks first with a game in progress",
    },
    Entry {
        words: &["pause", "pa"],
        takes: "",
        does: "stop both clocks",
    },
    Entry {
        words: &["resume", "re"],
        takes: "",
        does: "run the paused clocks again",
    },
    Entry {
        words: &["back", "bk"],
        takes: "",
        does: "look one move back; board and the other readings read the position shown",
    },
    Entry {
        words: &["forward", "fw"],
        takes: "",
        does: "look one move forward",
    },
    Entry {
        words: &["start", "st"],
        takes: "",
        does: "look at the start position",
    },
    Entry {
        words: &["end", "en"],
        takes: "",
        does: "back to the last move played",
    },
    Entry {
        words: &["invite", "inv"],
        takes: "",
        does: "across the network, at the host: the invitations to give again",
    },
    Entry {
        words: &["quit", "q", "exit"],
        takes: "",
        does: "leave; a game in progress stays saved for --resume",
    },
];

/// Reads one line; see the [module docs](self).
///
/// ```
/// use hotseat::plain::command::{Command, Reading, read};
/// assert_eq!(read("b"), Reading::Command(Command::Board));
/// assert_eq!(read("/c"), Reading::Command(Command::Clock));
/// assert_eq!(read("e4"), Reading::Moves("e4".to_owned()));
/// ```
pub fn read(line: &str) -> Reading {
    let line = line.trim();
    if line.is_empty() {
        return Reading::Blank;
    }
    let body = line.strip_prefix('/').unwrap_or(line).trim_start();
    let lower = body.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Reading::Blank;
    };
    if let Some(reading) = read_command(first, rest, body) {
        return reading;
    }
    if line.starts_with('/') || !may_begin_a_move(first) {
        return Reading::Wrong(unknown(first));
    }
    Reading::Moves(line.to_owned())
}

/// Whether a word can begin a line of moves: a move names its square (so it has a digit), or
/// it is castling (`O-O`, `0-0`, `o-o-o`).
fn may_begin_a_move(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit())
        || (!word.is_empty() && word.chars().all(|c| matches!(c, 'o' | 'O' | '0' | '-')))
        // `... e5`: Black's move after the number's dots.
        || (!word.is_empty() && word.chars().all(|c| c == '.'))
}

/// The words read before this table, by the engine report's reader.
const REPORT_WORDS: [&str; 5] = ["analyse", "analyze", "report", "next", "stop"];

/// `word` as an unknown command, with the nearest command word when one is close.
pub fn unknown(word: &str) -> String {
    let typed = shown(word);
    match nearest(word) {
        Some(near) => format!(
            "{typed}: unknown command, and not a move. Did you mean {near}? help lists the \
             commands."
        ),
        None => format!(
            "{typed}: unknown command, and not a move: a move names its square, like e4 or Nf3. \
             help lists the commands."
        ),
    }
}

/// The command word nearest `word`, if it is close enough to be a slip: one letter off in a
/// short word, two in a longer one (a swap of two letters counts as one).
pub fn nearest(word: &str) -> Option<&'static str> {
    let word = word.trim_start_matches('/').to_lowercase();
    let most = if word.chars().count() <= 4 { 1 } else { 2 };
    COMMANDS
        .iter()
        .flat_map(|e| e.words.iter().copied())
        .chain(REPORT_WORDS)
        .chain(GROUPS.iter().map(|g| g.name))
        .filter(|w| w.len() > 1)
        .map(|w| (strsim::damerau_levenshtein(&word, w), w))
        .filter(|&(d, _)| d <= most)
        .min_by_key(|&(d, w)| (d, std::cmp::Reverse(w.len())))
        .map(|(_, w)| w)
}

/// A line as quoted back: cut short and without control characters.
pub fn shown(line: &str) -> String {
    let mut text: String = line
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .take(40)
        .collect();
    if line.chars().count() > 40 {
        text.push_str("...");
    }
    text
}

fn read_command(first: &str, rest: &[&str], original: &str) -> Option<Reading> {
    let command = |c| Some(Reading::Command(c));
    let alone = |c: Command| {
        if rest.is_empty() {
            Some(Reading::Command(c))
        } else {
            Some(Reading::Wrong(format!(
                "{first} takes nothing after it: just {first}"
            )))
        }
    };
    match first {
        "help" | "h" | "?" => match rest {
            [] => command(Command::Help),
            topic => command(Command::HelpOn(topic.join(" "))),
        },
        "board" | "b" => alone(Command::Board),
        "last" | "l" => alone(Command::Last),
        "turn" | "t" => alone(Command::Turn),
        "clock" | "c" => alone(Command::Clock),
        "other" | "o" => alone(Command::Other),
        "opening" | "op" => alone(Command::Opening),
        "draw" | "d" => alone(Command::Draw),
        "accept" | "yes" | "y" => alone(Command::Accept),
        "decline" | "no" | "n" => alone(Command::Decline),
        "claim" | "cl" => alone(Command::Claim),
        "resign" | "res" => alone(Command::Resign),
        "takeback" | "tb" => alone(Command::Takeback),
        "hint" => alone(Command::Hint),
        "now" => alone(Command::MoveNow),
        "flip" | "fl" => alone(Command::Flip),
        "quit" | "q" | "exit" => alone(Command::Quit),
        "invite" | "inv" => alone(Command::Invite),
        "new" => alone(Command::New),
        "pause" | "pa" => alone(Command::Pause),
        "resume" | "re" => alone(Command::Resume),
        "back" | "bk" => alone(Command::Back),
        "forward" | "fw" => alone(Command::Forward),
        "start" | "st" => alone(Command::Start),
        "end" | "en" => alone(Command::End),
        "save" | "sv" => {
            // The path as typed, case kept.
            let path = original
                .split_once(char::is_whitespace)
                .map(|(_, p)| p.trim().to_owned());
            command(Command::Save(path))
        }
        "queen" | "rook" | "bishop" | "knight" if rest.is_empty() => {
            command(Command::Promote(role_word(first)?))
        }
        "moves" | "m" => match rest {
            [] => command(Command::Moves),
            ["from", sq] | [sq] => Some(square_or(sq, "from g1", Command::MovesFrom)),
            _ => Some(Reading::Wrong(
                "moves takes nothing, or from and a square: moves from g1".to_owned(),
            )),
        },
        "from" => Some(match rest {
            [sq] => square_or(sq, "from g1", Command::MovesFrom),
            _ => Reading::Wrong("from takes a square: from g1".to_owned()),
        }),
        "scan" | "s" => Some(match rest {
            [what] => scan(what),
            _ => Reading::Wrong("scan takes a file, a rank or a square: s e, s 4, s e4".to_owned()),
        }),
        "rank" | "r" => Some(match rest {
            [n] => match rank_of(n) {
                Some(rank) => Reading::Command(Command::Rank(rank)),
                None => Reading::Wrong(format!("{} is not a rank: rank 1 to rank 8", shown(n))),
            },
            _ => Reading::Wrong("rank takes a number from 1 to 8: rank 7".to_owned()),
        }),
        "file" | "f" => Some(match rest {
            [f] => match file_of(f) {
                Some(file) => Reading::Command(Command::File(file)),
                None => Reading::Wrong(format!("{} is not a file: file a to file h", shown(f))),
            },
            _ => Reading::Wrong("file takes a letter from a to h: file e".to_owned()),
        }),
        "square" | "sq" => Some(match rest {
            [sq] => square_or(sq, "square e4", Command::Square),
            _ => Reading::Wrong("square takes a square: square e4".to_owned()),
        }),
        "pieces" | "p" => Some(pieces(None, rest)),
        "white" | "black" => {
            let color = if first == "white" {
                Color::White
            } else {
                Color::Black
            };
            match rest {
                [] | ["pieces"] => command(Command::Pieces {
                    color: Some(color),
                    role: None,
                }),
                [kind] => role_word(kind).map(|role| {
                    Reading::Command(Command::Pieces {
                        color: Some(color),
                        role: Some(role),
                    })
                }),
                _ => None,
            }
        }
        _ if rest.is_empty() => plural_role(first).map(|role| {
            Reading::Command(Command::Pieces {
                color: None,
                role: Some(role),
            })
        }),
        _ => None,
    }
}

/// `p`, `p n`, `p a`, `p white`, `p white knights`, `pieces black`.
fn pieces(color: Option<Color>, rest: &[&str]) -> Reading {
    let wrong = || {
        Reading::Wrong(
            "pieces takes a side, a kind, or both: p n, p a, pieces white, pieces black rooks"
                .to_owned(),
        )
    };
    match rest {
        [] | ["a"] | ["all"] => Reading::Command(Command::Pieces { color, role: None }),
        ["white" | "w", more @ ..] if color.is_none() => pieces(Some(Color::White), more),
        ["black" | "bl", more @ ..] if color.is_none() => pieces(Some(Color::Black), more),
        [kind] => match role_word(kind) {
            Some(role) => Reading::Command(Command::Pieces {
                color,
                role: Some(role),
            }),
            None => wrong(),
        },
        _ => wrong(),
    }
}

fn scan(what: &str) -> Reading {
    if let Some(file) = file_of(what) {
        return Reading::Command(Command::File(file));
    }
    if let Some(rank) = rank_of(what) {
        return Reading::Command(Command::Rank(rank));
    }
    if let Ok(sq) = what.parse::<Square>() {
        return Reading::Command(Command::Square(sq));
    }
    Reading::Wrong(format!(
        "{} is not a file, a rank or a square: s e, s 4, s e4",
        shown(what)
    ))
}

fn square_or(text: &str, example: &str, make: fn(Square) -> Command) -> Reading {
    match text.parse::<Square>() {
        Ok(sq) => Reading::Command(make(sq)),
        Err(_) => Reading::Wrong(format!(
            "{} is not a square: a square is a file and a rank, as in {example}",
            shown(text)
        )),
    }
}

fn file_of(text: &str) -> Option<File> {
    one_char(text).and_then(File::from_char)
}

fn rank_of(text: &str) -> Option<Rank> {
    one_char(text).and_then(Rank::from_char)
}

/// The one character of `text`, if it has exactly one.
fn one_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

/// A kind of piece: its letter (`n`), its name (`knight`) or the plural (`knights`).
fn role_word(word: &str) -> Option<Role> {
    if let Some(c) = one_char(word) {
        return Role::from_char(c);
    }
    plural_role(word).or_else(|| {
        crate::plain::speech::ROLES
            .into_iter()
            .find(|r| r.name() == word)
    })
}

/// `knights`, `pawns`...
fn plural_role(word: &str) -> Option<Role> {
    let singular = word.strip_suffix('s')?;
    crate::plain::speech::ROLES
        .into_iter()
        .find(|r| r.name() == singular)
}

/// A group of commands, for `help GROUP`.
#[derive(Clone, Copy, Debug)]
pub struct Group {
    pub name: &'static str,
    /// Other names it answers to.
    pub also: &'static [&'static str],
    /// The first word of each command in it.
    pub commands: &'static [&'static str],
}

/// The groups `help` knows, as the README tells them. The engine's report (`help report`) is
/// the session's, beside this table.
pub const GROUPS: &[Group] = &[
    Group {
        name: "reading",
        also: &["read", "look"],
        commands: &[
            "board", "pieces", "scan", "rank", "file", "square", "from", "last", "moves", "turn",
            "clock", "other", "opening", "flip",
        ],
    },
    Group {
        name: "playing",
        also: &["play", "game"],
        commands: &[
            "draw", "accept", "decline", "claim", "resign", "takeback", "hint", "now", "save",
            "new", "pause", "resume", "invite", "quit",
        ],
    },
    Group {
        name: "review",
        also: &["looking back"],
        commands: &["back", "forward", "start", "end"],
    },
];

/// A `help TOPIC` whose topic is no command and no group: said with the topics there are, and
/// the nearest command if one is near.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoHelpOn {
    /// The topic as typed, lower-cased.
    pub topic: String,
    /// The command nearest to it, if one is near.
    pub near: Option<&'static str>,
}

impl std::fmt::Display for NoHelpOn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let groups: Vec<&str> = GROUPS.iter().map(|g| g.name).collect();
        write!(
            f,
            "No help on {}: help takes a command, like help board, or a group: {}, report or \
             questions.",
            shown(&self.topic),
            groups.join(", ")
        )?;
        if let Some(near) = self.near {
            write!(f, " Did you mean help {near}?")?;
        }
        Ok(())
    }
}

impl std::error::Error for NoHelpOn {}

/// `help TOPIC`: the lines of one command (every entry with that word: `m` is two), or of a
/// group; [`NoHelpOn`] when the topic is neither. `questions` tells how questions
/// are answered. The engine's report (`report`, `analyse`...) is the session's to say.
pub fn help_on(topic: &str) -> Result<Vec<String>, NoHelpOn> {
    let topic = topic.trim().trim_start_matches('/').to_lowercase();
    let entries: Vec<String> = COMMANDS
        .iter()
        .filter(|e| e.words.contains(&topic.as_str()))
        .map(entry_line)
        .collect();
    if !entries.is_empty() {
        return Ok(entries);
    }
    if let Some(group) = GROUPS
        .iter()
        .find(|g| g.name == topic || g.also.contains(&topic.as_str()))
    {
        return Ok(COMMANDS
            .iter()
            .filter(|e| group.commands.contains(&e.words[0]))
            .map(entry_line)
            .collect());
    }
    if ["questions", "question", "answers", "promotion", "promote"].contains(&topic.as_str()) {
        return Ok(vec![
            "A question is answered first: yes or no (accept, decline). Other commands wait, \
             except those that only read the game, and quit."
                .to_owned(),
            "To promote, type the piece: q, r, b or n, or =Q, the piece's name, or the letter of \
             your notation, such as D in German; cancel to play another move."
                .to_owned(),
            "When a move would allow a draw claim: yes or claim claims it, no just plays it."
                .to_owned(),
        ]);
    }
    let near = nearest(&topic);
    Err(NoHelpOn { topic, near })
}

/// One command's line of `help`.
fn entry_line(entry: &Entry) -> String {
    let words = entry.words.join(", ");
    let takes = if entry.takes.is_empty() {
        String::new()
    } else {
        format!(" with {}", entry.takes)
    };
    format!("{words}{takes}: {}.", entry.does)
}

/// The `help` text, one line per command.
pub fn help() -> Vec<String> {
    let mut lines = vec![
        "Type a move, like e4, Nf3, O-O or e7e8q, or several on a line; or one of these \
         commands, with or without a slash:"
            .to_owned(),
    ];
    lines.extend(COMMANDS.iter().map(entry_line));
    lines.push(
        "A square alone is a move: to hear what is on e4, type s e4. A letter alone is a \
         command."
            .to_owned(),
    );
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> Command {
        match read(line) {
            Reading::Command(c) => c,
            other => panic!("{line:?} read as {other:?}"),
        }
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn every_word_of_the_table_is_read_as_a_command() {
        for entry in COMMANDS {
            for word in entry.words {
                let line = match entry.takes {
                    "" | "[file]" | "[white | black] [kind]" | "[command or group]" => {
                        (*word).to_owned()
                    }
                    "file, rank or square" => format!("{word} e4"),
                    "1 to 8" => format!("{word} 7"),
                    "a to h" => format!("{word} e"),
                    _ => format!("{word} g1"),
                };
                assert!(
                    matches!(read(&line), Reading::Command(_)),
                    "{line:?}: {:?}",
                    read(&line)
                );
                assert!(matches!(read(&format!("/{line}")), Reading::Command(_)));
                assert!(matches!(read(&line.to_uppercase()), Reading::Command(_)));
            }
        }
    }

    #[test]
    fn lichess_blind_mode_commands() {
        assert_eq!(command("b"), Command::Board);
        assert_eq!(command("/b"), Command::Board);
        assert_eq!(command("c"), Command::Clock);
        assert_eq!(command("l"), Command::Last);
        assert_eq!(command("o"), Command::Other);
        assert_eq!(
            command("p n"),
            Command::Pieces {
                color: None,
                role: Some(Role::Knight)
            }
        );
        assert_eq!(
            command("p a"),
            Command::Pieces {
                color: None,
                role: None
            }
        );
        assert_eq!(command("s e"), Command::File(File::new(4)));
        assert_eq!(command("s 4"), Command::Rank(Rank::new(3)));
        assert_eq!(command("s e4"), Command::Square(sq("e4")));
    }

    #[test]
    fn long_forms_of_the_readings() {
        assert_eq!(command("rank 7"), Command::Rank(Rank::new(6)));
        assert_eq!(command("file e"), Command::File(File::new(4)));
        assert_eq!(command("square e4"), Command::Square(sq("e4")));
        assert_eq!(command("moves from g1"), Command::MovesFrom(sq("g1")));
        assert_eq!(command("from g1"), Command::MovesFrom(sq("g1")));
        assert_eq!(command("m g1"), Command::MovesFrom(sq("g1")));
        assert_eq!(command("moves"), Command::Moves);
        assert_eq!(
            command("white knights"),
            Command::Pieces {
                color: Some(Color::White),
                role: Some(Role::Knight)
            }
        );
        assert_eq!(
            command("Black Pawns"),
            Command::Pieces {
                color: Some(Color::Black),
                role: Some(Role::Pawn)
            }
        );
        assert_eq!(
            command("pieces"),
            Command::Pieces {
                color: None,
                role: None
            }
        );
        assert_eq!(
            command("bishops"),
            Command::Pieces {
                color: None,
                role: Some(Role::Bishop)
            }
        );
        assert_eq!(
            command("p black q"),
            Command::Pieces {
                color: Some(Color::Black),
                role: Some(Role::Queen)
            }
        );
    }

    #[test]
    fn moves_stay_moves() {
        for line in [
            "e4",
            "Nf3",
            "O-O",
            "0-0-0",
            "e2e4",
            "Ng1-f3",
            "1. e4 e5 2. Nf3",
            "bxc3",
            "b4",
            "exd6 e.p.",
            "Bb5+",
        ] {
            assert_eq!(read(line), Reading::Moves(line.to_owned()), "{line}");
        }
    }

    #[test]
    fn new_game_pause_and_review_words() {
        assert_eq!(command("new"), Command::New);
        assert_eq!(command("/pause"), Command::Pause);
        assert_eq!(command("pa"), Command::Pause);
        assert_eq!(command("Resume"), Command::Resume);
        assert_eq!(command("back"), Command::Back);
        assert_eq!(command("fw"), Command::Forward);
        assert_eq!(command("start"), Command::Start);
        assert_eq!(command("end"), Command::End);
        assert!(matches!(read("new game"), Reading::Wrong(_)));
    }

    #[test]
    fn save_keeps_the_path_as_typed() {
        assert_eq!(command("save"), Command::Save(None));
        assert_eq!(
            command("save My Games/Ann.pgn"),
            Command::Save(Some("My Games/Ann.pgn".to_owned()))
        );
    }

    #[test]
    fn a_command_with_a_wrong_argument_says_how_to_write_it() {
        for (line, needle) in [
            ("s z9", "s e, s 4, s e4"),
            ("rank 9", "rank 1 to rank 8"),
            ("file k", "file a to file h"),
            ("from z1", "from g1"),
            ("board now", "just board"),
            ("p zebras", "p n, p a"),
            ("/frobnicate", "unknown command"),
            ("frobnicate", "help lists the commands"),
            ("boadr", "Did you mean board?"),
            ("/clok", "Did you mean clock?"),
            ("reisgn", "Did you mean resign?"),
        ] {
            match read(line) {
                Reading::Wrong(text) => assert!(text.contains(needle), "{line}: {text}"),
                other => panic!("{line:?} read as {other:?}"),
            }
        }
        assert_eq!(read("   "), Reading::Blank);
    }

    #[test]
    fn moves_stay_moves_even_misspelt_and_castling_is_a_move() {
        for line in ["Nf9", "O-O", "o-o-o", "0-0", "zz9", "Кf3"] {
            assert_eq!(read(line), Reading::Moves(line.to_owned()), "{line}");
        }
    }

    #[test]
    fn help_on_a_command_or_a_group() {
        assert_eq!(command("help board"), Command::HelpOn("board".to_owned()));
        assert_eq!(
            help_on("board").unwrap(),
            ["board, b: the board rank by rank, empty squares counted."]
        );
        // m is two commands: both are said.
        assert_eq!(help_on("m").unwrap().len(), 2);
        let playing = help_on("Playing").unwrap();
        assert_eq!(playing.len(), 14, "{playing:?}");
        assert!(playing[0].starts_with("draw, d:"), "{playing:?}");
        assert_eq!(help_on("review").unwrap().len(), 4);
        assert!(help_on("questions").unwrap()[1].contains("=Q"));
        assert_eq!(help_on("promotion"), help_on("questions"));
        let wrong = help_on("bord").unwrap_err();
        assert_eq!(wrong.near, Some("board"));
        assert!(
            wrong.to_string().ends_with("Did you mean help board?"),
            "{wrong}"
        );
        // Every group names commands of the table.
        for group in GROUPS {
            for word in group.commands {
                assert!(COMMANDS.iter().any(|e| e.words[0] == *word), "{word}");
            }
        }
    }

    #[test]
    fn help_lists_every_command() {
        let help = help().join("\n");
        for entry in COMMANDS {
            assert!(help.contains(entry.words[0]), "{}", entry.words[0]);
        }
    }
}
