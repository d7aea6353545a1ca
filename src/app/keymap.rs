//! The one keymap table: keys and typed command words to actions, with the text the footer and
//! the help screen show for them. Handling, help and hints all read [`BINDINGS`], so they cannot
//! disagree.
//!
//! # Why these keys
//!
//! While playing, printable characters belong to the move box: `e`, `N`, `x`, `=`, `-`, `0`, `O`
//! and digits are all notation, and anything else typed is read as a command word. So commands
//! are bound only to keys that can never be typed text: arrows, Enter, Esc, Backspace,
//! PageUp/PageDown/Home/End, F1/F2 and Ctrl combinations. Space is the one printable key with a
//! binding (select), since no move or command contains a space.
//!
//! Ctrl keys avoid the ones terminals take for themselves even in raw mode or that alias other
//! keys: Ctrl-H (Backspace), Ctrl-I (Tab), Ctrl-M/Ctrl-J (Enter), Ctrl-[ (Esc). Alt combinations
//! are avoided because macOS terminals do not send them by default. F1 is paired with Ctrl-K
//! because some terminals keep F1 for their own help. Every command also has a typed word
//! (`resign`, `draw`, ...) for players who would rather type; no word can be read as a move.

use std::fmt;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::rules::Role;

/// What the user asked for, whatever key, word or click it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    CursorUp,
    CursorDown,
    CursorLeft,
    CursorRight,
    /// Pick up or put down the piece under the cursor; with typed text, submit it.
    Select,
    /// The space bar: [`Action::Select`] on the board, a space in typed text (`exd6 e.p.`).
    Space,
    /// Clear typed text, drop the selection, close a popup.
    Cancel,
    /// Delete the typed character before the caret.
    DeleteChar,
    /// Delete the typed character at the caret.
    DeleteForward,
    /// Delete the typed word before the caret.
    DeleteWord,
    /// Delete the typed text before the caret.
    DeleteToStart,
    /// A printable character for the move box (not in the table: any unbound printable key).
    Input(char),
    FlipBoard,
    /// Switch the board's colours to the next palette.
    Theme,
    HistoryBack,
    HistoryForward,
    HistoryStart,
    HistoryEnd,
    /// Enter the variation that branches off at the next move; again at once: the next one.
    VariationNext,
    /// Leave the variation shown for the position it branches off from.
    VariationLeave,
    /// Move the variation shown up among those at its branch point.
    PromoteVariation,
    /// Delete the variation move shown and the rest of its line.
    DeleteVariation,
    /// Write, edit or remove the comment of the move shown (after the game).
    Comment,
    /// Scroll the note on the position shown (its comment).
    NoteUp,
    NoteDown,
    /// Offer a draw with the move about to be made (again: withdraw it), or answer the
    /// opponent's offer.
    Draw,
    Claim,
    Resign,
    Takeback,
    Pause,
    /// Suspend the program, as Ctrl-Z does in every terminal program (`fg` brings it back).
    Suspend,
    NewGame,
    Save,
    /// Open the library of archived games.
    Library,
    /// Open the puzzles; at a puzzle: the next one.
    Puzzles,
    /// In the library: bring back the game last moved to the trash.
    Restore,
    /// In the library: show the trash, or the library again.
    Trash,
    /// Show or hide the explorer of the library's games from the position shown.
    Explore,
    /// Show the FEN of the position on the board.
    ShowFen,
    /// After the game: the engine's report on it (accuracy, ?! ? ??, better lines).
    Analyse,
    /// After the game: the engine's three best lines for the position shown, on or off.
    EngineLines,
    /// With a report: the next (or previous) move the engine labelled, of either player or
    /// of one, with one label or any.
    Seek(Seek),
    /// With a report: learn from the mistakes of one player, or of both (`None`): each
    /// offered again from the position before it (see `retro`); again: stop.
    Learn(Option<crate::rules::Color>),
    /// Against the computer: make it move now, with the best move it has found.
    MoveNow,
    /// Against the computer: its move for you at full strength, shown and written in the game.
    Hint,
    Help,
    Quit,
    Redraw,
    ScrollUp,
    ScrollDown,
    ScrollPageUp,
    ScrollPageDown,
    ScrollTop,
    ScrollBottom,
    Yes,
    No,
    Promote(Role),
    /// Complete the typed text when only one move or command fits.
    Complete,
    /// Close the game-over dialog and look through the finished game.
    Review,
    /// After a game: the same again, with the colours swapped.
    Rematch,
    /// A mouse button, drag or wheel at a screen cell (not in the table: it comes from the mouse).
    Pointer(Pointer),
    /// The terminal's new size (not in the table).
    Resize {
        width: u16,
        height: u16,
    },
    /// Time has passed: check the clocks for a flag fall (not in the table).
    Tick,
}

/// Which labelled move of the report to show next: the next or the previous one from the
/// position shown, of `side` (either player when `None`), labelled `label` (any of ?!, ?, ??
/// when `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seek {
    pub forward: bool,
    pub side: Option<crate::rules::Color>,
    pub label: Option<crate::game::report::lila::Judgement>,
}

impl Seek {
    /// The next labelled move of either player (F9).
    pub const NEXT: Seek = Seek {
        forward: true,
        side: None,
        label: None,
    };
    /// The previous labelled move of either player (Shift-F9).
    pub const PREVIOUS: Seek = Seek {
        forward: false,
        side: None,
        label: None,
    };

    /// The typed words for a seek: `next` or `previous` (`prev`), then a side (`white`,
    /// `black`) and a label (`inaccuracy`, `mistake`, `blunder`, each also in the plural), in
    /// any order, any case: `next blunder`, `prev black mistake`.
    ///
    /// ```
    /// use hotseat::app::keymap::Seek;
    /// use hotseat::game::report::lila::Judgement;
    /// use hotseat::rules::Color;
    /// assert_eq!(Seek::read("next"), Some(Seek::NEXT));
    /// let seek = Seek::read("Prev black mistakes").unwrap();
    /// assert_eq!((seek.forward, seek.side, seek.label),
    ///     (false, Some(Color::Black), Some(Judgement::Mistake)));
    /// assert_eq!(Seek::read("next move"), None);
    /// ```
    pub fn read(text: &str) -> Option<Seek> {
        use crate::game::report::lila::Judgement;
        use crate::rules::Color;
        let text = text.trim().to_ascii_lowercase();
        let mut words = text.split_whitespace();
        let forward = match words.next()? {
            "next" => true,
            "previous" | "prev" => false,
            _ => return None,
        };
        let mut seek = Seek {
            forward,
            side: None,
            label: None,
        };
        for word in words {
            match word {
                "white" if seek.side.is_none() => seek.side = Some(Color::White),
                "black" if seek.side.is_none() => seek.side = Some(Color::Black),
                "inaccuracy" | "inaccuracies" if seek.label.is_none() => {
                    seek.label = Some(Judgement::Inaccuracy)
                }
                "mistake" | "mistakes" if seek.label.is_none() => {
                    seek.label = Some(Judgement::Mistake)
                }
                "blunder" | "blunders" if seek.label.is_none() => {
                    seek.label = Some(Judgement::Blunder)
                }
                _ => return None,
            }
        }
        Some(seek)
    }
}

/// A mouse event at a screen cell, as the app sees it: only the left button counts for clicks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pointer {
    pub kind: PointerKind,
    pub column: u16,
    pub row: u16,
}

/// What the mouse did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointerKind {
    /// The left button went down.
    Down,
    /// The left button went up.
    Up,
    /// The mouse moved with the left button held.
    Drag,
    WheelUp,
    WheelDown,
}

impl Action {
    /// What only a game in progress can do: once it has ended, these only answer that the game
    /// is over (so the footer stops offering them).
    pub const fn needs_game_in_progress(self) -> bool {
        matches!(
            self,
            Action::Draw | Action::Claim | Action::Resign | Action::Takeback | Action::Pause
        )
    }

    /// What only a finished game can do (the engine is never consulted during a game): while
    /// one is in progress, these only say so (and the footer does not offer them).
    pub const fn needs_game_over(self) -> bool {
        matches!(
            self,
            Action::Analyse | Action::EngineLines | Action::Seek(_) | Action::Learn(_)
        )
    }

    /// Every action that has a binding (all but [`Action::Input`], [`Action::Pointer`],
    /// [`Action::Resize`] and [`Action::Tick`]).
    pub const ALL: [Action; 62] = [
        Action::CursorUp,
        Action::CursorDown,
        Action::CursorLeft,
        Action::CursorRight,
        Action::Select,
        Action::Space,
        Action::Cancel,
        Action::DeleteChar,
        Action::DeleteForward,
        Action::DeleteWord,
        Action::DeleteToStart,
        Action::FlipBoard,
        Action::Theme,
        Action::HistoryBack,
        Action::HistoryForward,
        Action::HistoryStart,
        Action::HistoryEnd,
        Action::VariationNext,
        Action::VariationLeave,
        Action::PromoteVariation,
        Action::DeleteVariation,
        Action::Comment,
        Action::NoteUp,
        Action::NoteDown,
        Action::Draw,
        Action::Claim,
        Action::Resign,
        Action::Takeback,
        Action::Pause,
        Action::Suspend,
        Action::NewGame,
        Action::Save,
        Action::Analyse,
        Action::EngineLines,
        Action::MoveNow,
        Action::Hint,
        Action::Library,
        Action::Puzzles,
        Action::Restore,
        Action::Trash,
        Action::Explore,
        Action::Help,
        Action::Quit,
        Action::Redraw,
        Action::ScrollUp,
        Action::ScrollDown,
        Action::ScrollPageUp,
        Action::ScrollPageDown,
        Action::ScrollTop,
        Action::ScrollBottom,
        Action::Yes,
        Action::No,
        Action::Promote(Role::Queen),
        Action::Promote(Role::Rook),
        Action::Promote(Role::Bishop),
        Action::Promote(Role::Knight),
        Action::Seek(Seek::NEXT),
        Action::Seek(Seek::PREVIOUS),
        Action::Learn(None),
        Action::Complete,
        Action::Review,
        Action::Rematch,
    ];
}

/// Which screen the keys are read for; the app's mode maps onto one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyContext {
    /// The board and the move box (also when browsing history or after the game ended).
    Playing,
    Help,
    /// A yes/no question whose "no" is harmless: replace the file? resume the saved game?
    Confirm,
    /// A question whose "yes" cannot be undone (resign, claim, quit or abandon a game): only
    /// `y` says yes, Enter and Esc say no, and any other printable key closes it and is typed
    /// into the move box, so a move being typed can never answer it.
    Grave,
    /// Choosing the piece a pawn promotes to.
    Promotion,
    /// The game has ended: new game, review or quit.
    GameOver,
    /// A game across the network has ended: review or quit (a new game is hosted anew, so
    /// there is no new-game or rematch key).
    NetGameOver,
    /// A form with fields (the new-game dialog): typed text goes into the current field.
    Form,
    /// A timed game waits for the players before White's clock starts.
    Ready,
    /// The host's invitation over the board. Its keys are the board's (a key other than its
    /// own closes it and is done on the board); this context names the ones that only close it.
    Invite,
    /// Typing a file name (the save form).
    Path,
    /// Typing the name of the player whose puzzles open (a game's player without one).
    Name,
    /// The library of archived games: typed text filters the list.
    Library,
    /// The explorer of the library's games: typed text filters by player.
    Explorer,
}

impl KeyContext {
    pub const ALL: [KeyContext; 14] = [
        KeyContext::Playing,
        KeyContext::Help,
        KeyContext::Confirm,
        KeyContext::Grave,
        KeyContext::Promotion,
        KeyContext::GameOver,
        KeyContext::NetGameOver,
        KeyContext::Form,
        KeyContext::Ready,
        KeyContext::Invite,
        KeyContext::Path,
        KeyContext::Name,
        KeyContext::Library,
        KeyContext::Explorer,
    ];

    /// The title of the context's section in the help.
    pub const fn title(self) -> &'static str {
        match self {
            KeyContext::Playing => "Keys while playing",
            KeyContext::Help => "Keys in this help",
            KeyContext::Confirm => "Keys when asked a question",
            KeyContext::Grave => {
                "Keys when asked to resign, claim, quit or abandon (nothing typed says yes)"
            }
            KeyContext::Promotion => "Keys when a pawn promotes",
            KeyContext::GameOver => "Keys when the game is over",
            KeyContext::NetGameOver => "Keys when a game across the network is over",
            KeyContext::Form => "Keys in the new-game form",
            KeyContext::Ready => "Keys before a timed game starts",
            KeyContext::Invite => "Keys over the invitation to a game across the network",
            KeyContext::Path => "Keys when saving to a file",
            KeyContext::Name => "Keys when naming the player whose puzzles open",
            KeyContext::Library => "Keys in the library of games",
            KeyContext::Explorer => "Keys in the explorer of your games",
        }
    }

    /// Whether unbound printable keys are typed text ([`Action::Input`]) here.
    pub const fn takes_text(self) -> bool {
        matches!(
            self,
            KeyContext::Playing
                | KeyContext::Grave
                | KeyContext::Form
                | KeyContext::Ready
                | KeyContext::Path
                | KeyContext::Name
                | KeyContext::Library
                | KeyContext::Explorer
        )
    }
}

/// A key with its modifiers, as written in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

impl Key {
    pub const fn plain(code: KeyCode) -> Key {
        Key {
            code,
            modifiers: KeyModifiers::NONE,
        }
    }

    /// Shift plus a key that is not a character (Shift-↑).
    pub const fn shift(code: KeyCode) -> Key {
        Key {
            code,
            modifiers: KeyModifiers::SHIFT,
        }
    }

    /// Ctrl plus a lowercase letter.
    pub const fn ctrl(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            modifiers: KeyModifiers::CONTROL,
        }
    }

    /// Whether a key event is this key. Letters match either case (Shift and Caps Lock are
    /// ignored); other keys need exactly these modifiers.
    pub fn matches(&self, event: &KeyEvent) -> bool {
        let mods = event.modifiers - KeyModifiers::SHIFT;
        match (self.code, event.code) {
            (KeyCode::Char(want), KeyCode::Char(got)) => {
                want.eq_ignore_ascii_case(&got) && mods == self.modifiers
            }
            (want, got) => want == got && event.modifiers == self.modifiers,
        }
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.modifiers.contains(KeyModifiers::CONTROL) {
            f.write_str("Ctrl-")?;
        }
        if self.modifiers.contains(KeyModifiers::ALT) {
            f.write_str("Alt-")?;
        }
        if self.modifiers.contains(KeyModifiers::SHIFT) {
            f.write_str("Shift-")?;
        }
        match self.code {
            KeyCode::Char(' ') => f.write_str("Space"),
            KeyCode::Char(c) if self.modifiers.contains(KeyModifiers::CONTROL) => {
                write!(f, "{}", c.to_ascii_uppercase())
            }
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::Up => f.write_str("↑"),
            KeyCode::Down => f.write_str("↓"),
            KeyCode::Left => f.write_str("←"),
            KeyCode::Right => f.write_str("→"),
            KeyCode::Enter => f.write_str("Enter"),
            KeyCode::Esc => f.write_str("Esc"),
            KeyCode::Backspace => f.write_str("Backspace"),
            KeyCode::Delete => f.write_str("Delete"),
            KeyCode::PageUp => f.write_str("PgUp"),
            KeyCode::PageDown => f.write_str("PgDn"),
            KeyCode::Home => f.write_str("Home"),
            KeyCode::End => f.write_str("End"),
            KeyCode::F(n) => write!(f, "F{n}"),
            other => write!(f, "{other:?}"),
        }
    }
}

/// One row of the keymap.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub action: Action,
    pub keys: &'static [Key],
    pub contexts: &'static [KeyContext],
    /// A word or two for the footer; empty to leave the binding out of the footer.
    pub label: &'static str,
    /// A sentence for the help screen.
    pub description: &'static str,
    /// Words that, typed in the move box and confirmed, do the same.
    pub words: &'static [&'static str],
}

use KeyCode as K;
use KeyContext as C;

const PLAY: &[KeyContext] = &[C::Playing];
const HELP: &[KeyContext] = &[C::Help];
const CONFIRM: &[KeyContext] = &[C::Confirm];
const PROMOTION: &[KeyContext] = &[C::Promotion];
const GRAVE: &[KeyContext] = &[C::Grave];
const GAME_OVER: &[KeyContext] = &[C::GameOver];
/// After any game, across the network or not.
const ANY_GAME_OVER: &[KeyContext] = &[C::GameOver, C::NetGameOver];
const FORM: &[KeyContext] = &[C::Form];
const READY: &[KeyContext] = &[C::Ready];
const PLAY_READY: &[KeyContext] = &[C::Playing, C::Ready];
const INVITE: &[KeyContext] = &[C::Invite];
const PATH: &[KeyContext] = &[C::Path];
const NAME: &[KeyContext] = &[C::Name];
const LIBRARY: &[KeyContext] = &[C::Library];
const EXPLORER: &[KeyContext] = &[C::Explorer];
const EVERYWHERE: &[KeyContext] = &KeyContext::ALL;

const fn row(
    action: Action,
    keys: &'static [Key],
    contexts: &'static [KeyContext],
    label: &'static str,
    description: &'static str,
    words: &'static [&'static str],
) -> Binding {
    Binding {
        action,
        keys,
        contexts,
        label,
        description,
        words,
    }
}

/// The keymap. Order is the order of the help screen and the footer.
#[rustfmt::skip]
pub const BINDINGS: &[Binding] = &[
    row(Action::CursorUp, &[Key::plain(K::Up)], PLAY, "",
        "Cursor up; looking through the moves: the start", &[]),
    row(Action::CursorDown, &[Key::plain(K::Down)], PLAY, "",
        "Cursor down; looking through the moves: the end", &[]),
    row(Action::CursorLeft, &[Key::plain(K::Left)], PLAY, "",
        "Cursor left; looking through the moves: one move back", &[]),
    row(Action::CursorRight, &[Key::plain(K::Right)], PLAY, "",
        "Cursor right; looking through the moves: one move on", &[]),
    row(Action::Select, &[Key::plain(K::Enter)], PLAY, "select",
        "Pick up the piece under the cursor, or put it down there; with typed text, play the \
         typed move or command", &[]),
    row(Action::Space, &[Key::plain(K::Char(' '))], PLAY, "",
        "As Enter on the board; while a move is typed, a space in it (exd6 e.p.)", &[]),
    row(Action::Cancel, &[Key::plain(K::Esc)], PLAY, "",
        "Clear the typed text, put the picked-up piece back, or cancel the premove",
        &["cancel"]),
    row(Action::DeleteChar, &[Key::plain(K::Backspace)], PLAY, "",
        "Delete the typed character before the caret (← → Home End move the caret while \
         there is typed text)", &[]),
    row(Action::DeleteForward, &[Key::plain(K::Delete)], PLAY, "",
        "Delete the typed character at the caret", &[]),
    row(Action::DeleteWord, &[Key::ctrl('w')], PLAY, "",
        "Delete the typed word before the caret", &[]),
    row(Action::DeleteToStart, &[Key::ctrl('u')], PLAY, "",
        "Delete the typed text before the caret", &[]),
    row(Action::Complete, &[Key::plain(K::Tab)], PLAY, "",
        "Complete the typed move or command when only one fits", &[]),
    row(Action::Help, &[Key::plain(K::F(1)), Key::ctrl('k')], PLAY_READY, "help",
        "Show this help", &["help"]),
    row(Action::FlipBoard, &[Key::plain(K::F(2)), Key::ctrl('f')], PLAY, "flip",
        "Turn the board around", &["flip"]),
    row(Action::HistoryBack, &[Key::plain(K::PageUp)], PLAY, "review",
        "Step back through the moves played (the game goes on)", &[]),
    row(Action::HistoryForward, &[Key::plain(K::PageDown)], PLAY, "",
        "Step forward through the moves played", &[]),
    row(Action::HistoryStart, &[Key::plain(K::Home)], PLAY, "",
        "Show the starting position", &[]),
    row(Action::HistoryEnd, &[Key::plain(K::End)], PLAY, "",
        "Back to the current position (in a variation: its end)", &[]),
    row(Action::VariationNext, &[Key::shift(K::Right)], PLAY, "",
        "Enter a variation at the next move; again: the next one", &[]),
    row(Action::VariationLeave, &[Key::shift(K::Left)], PLAY, "",
        "Leave the variation, back to where it branches off", &[]),
    row(Action::Comment, &[Key::ctrl('o')], PLAY, "",
        "After the game: comment on the move shown", &["comment"]),
    row(Action::PromoteVariation, &[Key::ctrl('y')], PLAY, "",
        "After the game: move the variation shown up one place", &["promote"]),
    row(Action::DeleteVariation, &[Key::ctrl('x')], PLAY, "",
        "After the game: delete the variation from the move shown on", &["delete"]),
    row(Action::NoteUp, &[Key::shift(K::Up)], PLAY, "",
        "Scroll the comment up (or the mouse wheel over it)", &[]),
    row(Action::NoteDown, &[Key::shift(K::Down)], PLAY, "",
        "Scroll the comment down", &[]),
    row(Action::Draw, &[Key::ctrl('d')], PLAY, "offer draw",
        "I offer a draw with my move: the player to move presses it, then moves, and the \
         opponent is asked; again before the move withdraws it. With the opponent's offer \
         standing: accept it (a move declines it, as does Esc)", &["draw"]),
    row(Action::Claim, &[Key::ctrl('e')], PLAY, "claim",
        "Claim a draw by threefold repetition or the fifty-move rule", &["claim"]),
    row(Action::Resign, &[Key::ctrl('r')], PLAY, "resign",
        "Resign the game (asks first)", &["resign"]),
    row(Action::Takeback, &[Key::plain(K::F(8))], PLAY, "take back",
        "Ask to take back the last move (once per move; the opponent agrees with F8, a move \
         or Esc refuses). With the opponent's request standing: agree to it. At a puzzle: \
         try it again from the start (only the first attempt counts)",
        &["takeback", "undo", "retry"]),
    row(Action::Pause, &[Key::ctrl('p')], PLAY, "pause",
        "Untimed: nothing to pause. Timed: ask the opponent to stop both clocks (they agree \
         with Ctrl-P; the pause is written in the game); paused: start the clocks again",
        &["pause"]),
    row(Action::Suspend, &[Key::ctrl('z')], EVERYWHERE, "",
        "Suspend hotseat as any terminal program (fg brings it back); a running clock counts \
         the time away, as an absence", &[]),
    row(Action::NewGame, &[Key::ctrl('n')], PLAY_READY, "new",
        "Start a new game (asks first)", &["new"]),
    row(Action::Save, &[Key::ctrl('s')], PLAY, "save",
        "Save a copy of the game (PGN) or of the position shown (FEN) to a file you name; the \
         game in progress is also saved automatically", &["save"]),
    row(Action::Library, &[Key::plain(K::F(6)), Key::ctrl('b')], PLAY, "games",
        "The library: every archived game, to filter, sort, open, delete (a running clock \
         runs on: pause first, by agreement)", &["games", "library"]),
    row(Action::Puzzles, &[Key::ctrl('v')], PLAY, "",
        "Puzzles from Lichess, rated for the player to move (the game in progress goes to the \
         archive as unfinished); at a puzzle: the next one (F9 or next too)",
        &["puzzles", "puzzle"]),
    row(Action::Explore, &[Key::plain(K::F(7))], PLAY, "",
        "After the game: the moves played from the position shown in the library's games, \
         with their results", &["explore", "explorer"]),
    row(Action::Theme, &[Key::plain(K::F(3)), Key::ctrl('t')], PLAY, "theme",
        "Switch the board's colours: wood, blue, green (tournament vinyl), contrast", &["theme"]),
    row(Action::Analyse, &[Key::plain(K::F(4)), Key::ctrl('a')], PLAY, "analyse",
        "After the game: the engine's report (accuracy, ?! ? ??, better lines as variations); \
         Esc stops it", &["analyse", "analyze"]),
    row(Action::EngineLines, &[Key::plain(K::F(5))], PLAY, "engine",
        "After the game: the engine's three best lines for the position shown, with an \
         evaluation bar; again: off", &["engine", "lines"]),
    row(Action::Seek(Seek::NEXT), &[Key::plain(K::F(9))], PLAY, "",
        "With the game's report: the next move labelled ?!, ? or ?? (typed: next, or next \
         blunder, next black mistake...); at a puzzle: the next puzzle; learning from \
         mistakes: skip this one, or on to the next", &["next", "skip"]),
    row(Action::Seek(Seek::PREVIOUS), &[Key::shift(K::F(9))], PLAY, "",
        "With the game's report: the previous labelled move (typed: previous, or prev white \
         inaccuracy...)", &["previous", "prev"]),
    row(Action::Learn(None), &[Key::shift(K::F(4))], PLAY, "",
        "With the game's report: learn from your mistakes, each mistake and blunder played \
         again from the position before it (typed: learn, learn white, learn black); again or \
         Esc: stop", &["learn"]),
    row(Action::MoveNow, &[Key::plain(K::F(12))], PLAY, "",
        "Against the computer: make it move now, with the best move it has found; at a \
         puzzle: show the solution (the puzzle counts as failed)",
        &["now", "movenow", "solution"]),
    row(Action::Hint, &[Key::plain(K::F(10))], PLAY, "",
        "Against the computer: a hint, its move for you at full strength (written in the game \
         as a comment); at a puzzle: the piece to move, then the move", &["hint"]),
    row(Action::ShowFen, &[Key::ctrl('g')], PLAY, "",
        "Show the FEN of the position on the board", &["fen"]),
    row(Action::Redraw, &[Key::ctrl('l')], PLAY, "",
        "Redraw the screen", &[]),
    row(Action::Quit, &[Key::ctrl('q'), Key::ctrl('c')], EVERYWHERE, "quit",
        "Quit (asks first while a game is in progress)", &["quit", "exit"]),
    row(Action::ScrollUp, &[Key::plain(K::Up)], HELP, "", "Scroll up", &[]),
    row(Action::ScrollDown, &[Key::plain(K::Down)], HELP, "", "Scroll down", &[]),
    row(Action::ScrollPageUp, &[Key::plain(K::PageUp)], HELP, "", "Scroll up a page", &[]),
    row(Action::ScrollPageDown, &[Key::plain(K::PageDown), Key::plain(K::Char(' '))], HELP, "",
        "Scroll down a page", &[]),
    row(Action::ScrollTop, &[Key::plain(K::Home)], HELP, "", "Scroll to the top", &[]),
    row(Action::ScrollBottom, &[Key::plain(K::End)], HELP, "", "Scroll to the bottom", &[]),
    row(Action::Cancel,
        &[Key::plain(K::Esc), Key::plain(K::Char('q')), Key::plain(K::F(1)), Key::ctrl('k')],
        HELP, "close", "Close the help", &[]),
    row(Action::Yes, &[Key::plain(K::Char('y')), Key::plain(K::Enter)], CONFIRM, "yes",
        "Yes", &[]),
    row(Action::No, &[Key::plain(K::Char('n')), Key::plain(K::Esc)], CONFIRM, "no",
        "No", &[]),
    row(Action::Yes, &[Key::plain(K::Char('y'))], GRAVE, "yes",
        "Yes: resign, claim, quit or abandon (not in the first 0.3 s, when a key may already \
         have been on its way)", &[]),
    row(Action::No, &[Key::plain(K::Enter)], GRAVE, "no",
        "No, the harmless choice: keep playing (in the claim question: play the move without \
         claiming)", &[]),
    row(Action::Cancel, &[Key::plain(K::Esc)], GRAVE, "back",
        "No, and back to the board (in the claim question: the move is not played)", &[]),
    row(Action::Complete, &[Key::plain(K::Tab)], GRAVE, "",
        "In the resign question: the other player resigns instead", &[]),
    row(Action::Save, &[Key::ctrl('s')], GRAVE, "",
        "In the quit question: save a copy of the game first", &[]),
    row(Action::Promote(Role::Queen), &[Key::plain(K::Char('q'))],
        PROMOTION, "queen", "Promote to a queen", &[]),
    row(Action::Promote(Role::Rook), &[Key::plain(K::Char('r'))], PROMOTION, "rook",
        "Promote to a rook", &[]),
    row(Action::Promote(Role::Bishop), &[Key::plain(K::Char('b'))], PROMOTION, "bishop",
        "Promote to a bishop", &[]),
    row(Action::Promote(Role::Knight), &[Key::plain(K::Char('n'))], PROMOTION, "knight",
        "Promote to a knight", &[]),
    row(Action::CursorLeft, &[Key::plain(K::Left)], PROMOTION, "",
        "Highlight the piece to the left", &[]),
    row(Action::CursorRight, &[Key::plain(K::Right)], PROMOTION, "",
        "Highlight the piece to the right", &[]),
    row(Action::Select, &[Key::plain(K::Enter)], PROMOTION, "choose",
        "Promote to the highlighted piece (a click on a piece does the same)", &[]),
    row(Action::Cancel, &[Key::plain(K::Esc)], PROMOTION, "cancel",
        "Take the pawn back and choose another move", &[]),
    row(Action::NewGame, &[Key::plain(K::Char('n')), Key::ctrl('n')], GAME_OVER, "new game",
        "Set up a new game", &[]),
    row(Action::Rematch, &[Key::plain(K::Char('m'))], GAME_OVER, "rematch",
        "Play again with the same clock, colours swapped: the players change seats", &[]),
    row(Action::Review, &[Key::plain(K::Char('r')), Key::plain(K::Esc)], ANY_GAME_OVER, "review",
        "Close this and look through the game (← →, ↑ ↓, or a click on a move)", &[]),
    row(Action::HistoryBack, &[Key::plain(K::Left)], ANY_GAME_OVER, "",
        "Close this and step back through the game", &[]),
    row(Action::HistoryStart, &[Key::plain(K::Up)], ANY_GAME_OVER, "",
        "Close this and show the start position", &[]),
    row(Action::Quit, &[Key::plain(K::Char('q'))], ANY_GAME_OVER, "quit", "Quit hotseat", &[]),
    row(Action::CursorUp, &[Key::plain(K::Up)], FORM, "", "Previous field", &[]),
    row(Action::CursorDown, &[Key::plain(K::Down), Key::plain(K::Tab)], FORM, "field",
        "Next field", &[]),
    row(Action::CursorLeft, &[Key::plain(K::Left)], FORM, "", "Previous choice", &[]),
    row(Action::CursorRight, &[Key::plain(K::Right)], FORM, "choice", "Next choice", &[]),
    row(Action::DeleteChar, &[Key::plain(K::Backspace)], FORM, "",
        "Delete the last character of the field", &[]),
    row(Action::Select, &[Key::plain(K::Enter)], FORM, "start", "Start the new game", &[]),
    row(Action::Cancel, &[Key::plain(K::Esc)], FORM, "cancel",
        "Close the form and go back to the game", &[]),
    row(Action::Select, &[Key::plain(K::Enter), Key::plain(K::Char(' '))], READY, "start",
        "Start White's clock (or the side to move's)", &[]),
    row(Action::Cancel, &[Key::plain(K::Enter), Key::plain(K::Esc)], INVITE, "close",
        "Close the invitation (any other key closes it too and is done on the board; the typed \
         command invite shows it again)", &[]),
    row(Action::Select, &[Key::plain(K::Enter)], PATH, "save", "Write the file", &[]),
    row(Action::Complete, &[Key::plain(K::Tab)], PATH, "PGN/FEN",
        "Switch between the game (PGN) and the position shown (FEN)", &[]),
    row(Action::DeleteChar, &[Key::plain(K::Backspace)], PATH, "",
        "Delete the last character of the file name", &[]),
    row(Action::Cancel, &[Key::plain(K::Esc)], PATH, "cancel", "Close without saving", &[]),
    row(Action::Select, &[Key::plain(K::Enter)], NAME, "open puzzles",
        "Open the puzzles, rated under the name typed", &[]),
    row(Action::DeleteChar, &[Key::plain(K::Backspace)], NAME, "",
        "Delete the last character of the name", &[]),
    row(Action::Cancel, &[Key::plain(K::Esc)], NAME, "cancel",
        "Close, back to the game", &[]),
    row(Action::Select, &[Key::plain(K::Enter)], LIBRARY, "open",
        "Open the selected game for review and study, as --load does (a game in progress goes \
         to the archive as unfinished); in the trash, bring it back to the library", &[]),
    row(Action::CursorUp, &[Key::plain(K::Up)], LIBRARY, "", "The game above", &[]),
    row(Action::CursorDown, &[Key::plain(K::Down)], LIBRARY, "", "The game below", &[]),
    row(Action::ScrollPageUp, &[Key::plain(K::PageUp)], LIBRARY, "", "A page up", &[]),
    row(Action::ScrollPageDown, &[Key::plain(K::PageDown)], LIBRARY, "", "A page down", &[]),
    row(Action::ScrollTop, &[Key::plain(K::Home)], LIBRARY, "", "The newest game", &[]),
    row(Action::ScrollBottom, &[Key::plain(K::End)], LIBRARY, "", "The last game", &[]),
    row(Action::CursorRight, &[Key::plain(K::Right)], LIBRARY, "sort",
        "Sort by the next column", &[]),
    row(Action::CursorLeft, &[Key::plain(K::Left)], LIBRARY, "",
        "Sort by the column before", &[]),
    row(Action::Complete, &[Key::plain(K::Tab)], LIBRARY, "reverse",
        "Turn the order round", &[]),
    row(Action::DeleteForward, &[Key::plain(K::Delete)], LIBRARY, "delete",
        "Move the selected game to the trash (asks first); in the trash, delete it for good \
         (asks first)", &[]),
    row(Action::Trash, &[Key::ctrl('t')], LIBRARY, "trash",
        "Show the trash, or the library again", &[]),
    row(Action::Restore, &[Key::plain(K::F(8))], LIBRARY, "",
        "Bring back the game last moved to the trash", &[]),
    row(Action::DeleteChar, &[Key::plain(K::Backspace)], LIBRARY, "",
        "Take back the last letter of the filter (type to filter: ann, C70, 0-1, 960, flag)",
        &[]),
    row(Action::DeleteToStart, &[Key::ctrl('u'), Key::ctrl('w')], LIBRARY, "",
        "Clear the filter", &[]),
    row(Action::Cancel, &[Key::plain(K::Esc)], LIBRARY, "back",
        "Clear the filter; with none, back to the game as it was", &[]),
    row(Action::Select, &[Key::plain(K::Enter)], EXPLORER, "play",
        "Play the selected move on the analysis board", &[]),
    row(Action::CursorUp, &[Key::plain(K::Up)], EXPLORER, "", "The move above", &[]),
    row(Action::CursorDown, &[Key::plain(K::Down)], EXPLORER, "", "The move below", &[]),
    row(Action::DeleteChar, &[Key::plain(K::Backspace)], EXPLORER, "",
        "Take back the last letter of the player's name (type: Ann, Ann as White)", &[]),
    row(Action::HistoryBack, &[Key::plain(K::Left), Key::plain(K::PageUp)], EXPLORER, "",
        "The move before: the panel follows the position shown", &[]),
    row(Action::HistoryForward, &[Key::plain(K::Right), Key::plain(K::PageDown)], EXPLORER,
        "", "The move after", &[]),
    row(Action::HistoryStart, &[Key::plain(K::Home)], EXPLORER, "", "The start position", &[]),
    row(Action::Complete, &[Key::plain(K::Tab)], EXPLORER, "games",
        "List the games that reached this position (Enter there opens one)", &[]),
    row(Action::HistoryEnd, &[Key::plain(K::End)], EXPLORER, "", "The last move", &[]),
    row(Action::Cancel, &[Key::plain(K::Esc), Key::plain(K::F(7))], EXPLORER, "close",
        "Close the explorer", &[]),
];

/// The bindings that apply in a context, in table order.
pub fn bindings(context: KeyContext) -> impl Iterator<Item = &'static Binding> {
    BINDINGS
        .iter()
        .filter(move |b| b.contexts.contains(&context))
}

/// The action for a key press in a context. Only presses count (Windows also reports
/// releases). Where the context takes text ([`KeyContext::takes_text`]), an unbound printable
/// character is [`Action::Input`].
///
/// ```
/// use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
/// use hotseat::app::keymap::{Action, KeyContext, action_for};
/// let ctrl_d = KeyEvent::new(KeyCode::Char('d'), KeyModifiers::CONTROL);
/// assert_eq!(action_for(ctrl_d, KeyContext::Playing), Some(Action::Draw));
/// let n = KeyEvent::new(KeyCode::Char('N'), KeyModifiers::SHIFT);
/// assert_eq!(action_for(n, KeyContext::Playing), Some(Action::Input('N')));
/// ```
pub fn action_for(event: KeyEvent, context: KeyContext) -> Option<Action> {
    if event.kind != KeyEventKind::Press {
        return None;
    }
    // Where a move can be typed, a capital piece letter (or O for castling) is the start of a
    // move, never a one-letter answer: N in Nf6 must not decline a draw offer.
    let move_letter = context.takes_text()
        && matches!(event.code, KeyCode::Char('K' | 'Q' | 'R' | 'B' | 'N' | 'O'));
    let bound = bindings(context)
        .find(|b| {
            b.keys.iter().any(|k| {
                k.matches(&event)
                    && !(move_letter
                        && k.modifiers.is_empty()
                        && matches!(k.code, KeyCode::Char(_)))
            })
        })
        .map(|b| b.action);
    if bound.is_some() {
        return bound;
    }
    match event.code {
        KeyCode::Char(c)
            if context.takes_text()
                && !c.is_control()
                && (event.modifiers - KeyModifiers::SHIFT).is_empty() =>
        {
            Some(Action::Input(c))
        }
        _ => None,
    }
}

/// The action for a command word typed in the move box (any case, surrounding spaces ignored).
///
/// ```
/// use hotseat::app::keymap::{Action, action_for_word};
/// assert_eq!(action_for_word(" Resign "), Some(Action::Resign));
/// assert_eq!(action_for_word("e4"), None);
/// ```
pub fn action_for_word(word: &str) -> Option<Action> {
    let word = word.trim();
    bindings(KeyContext::Playing)
        .find(|b| b.words.iter().any(|w| w.eq_ignore_ascii_case(word)))
        .map(|b| b.action)
        .or_else(|| Seek::read(word).map(Action::Seek))
        .or_else(|| read_learn(word))
}

/// `learn white`, `learn black` (any case): learning from one player's mistakes.
fn read_learn(word: &str) -> Option<Action> {
    use crate::rules::Color;
    let lower = word.to_ascii_lowercase();
    let mut words = lower.split_whitespace();
    if words.next()? != "learn" {
        return None;
    }
    let side = match words.next()? {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        "both" | "either" => None,
        _ => return None,
    };
    words.next().is_none().then_some(Action::Learn(side))
}

/// Every command word, in table order.
pub fn command_words() -> impl Iterator<Item = &'static str> {
    BINDINGS.iter().flat_map(|b| b.words.iter().copied())
}

/// The footer hints of a context: the first key of each labelled binding, and its label.
pub fn footer(context: KeyContext) -> Vec<(Key, &'static str)> {
    hints(context)
        .into_iter()
        .map(|(_, key, label)| (key, label))
        .collect()
}

/// The labelled bindings of a context as `(action, first key, label)`, in table order. An
/// action bound both everywhere and specifically in this context (Quit after a game: `q` as
/// well as Ctrl-Q) is listed once, with the specific binding.
pub fn hints(context: KeyContext) -> Vec<(Action, Key, &'static str)> {
    let labelled: Vec<&Binding> = bindings(context).filter(|b| !b.label.is_empty()).collect();
    labelled
        .iter()
        .filter(|b| {
            !labelled
                .iter()
                .any(|o| o.action == b.action && o.contexts.len() < b.contexts.len())
        })
        .map(|b| (b.action, b.keys[0], b.label))
        .collect()
}

/// The keys of a binding as the help screen writes them: `F1, Ctrl-K`.
pub fn keys_text(binding: &Binding) -> String {
    let keys: Vec<String> = binding.keys.iter().map(Key::to_string).collect();
    keys.join(", ")
}

#[cfg(test)]
mod tests;
