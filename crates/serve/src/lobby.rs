//! The lobby (`ssh -t HOST`, no command): the player's name, the rooms to resume, join and
//! watch, and a new game. This is its state as data, changed only by [`Lobby::key`],
//! [`Lobby::click`] and the answers of the server ([`Lobby::named`], [`Lobby::created`],
//! [`Lobby::rooms`]); what each returns ([`Do`]) is carried out by its loop
//! ([`crate::lobby_run`]), and [`crate::lobby_view`] draws it.
//!
//! * The name is asked at the first visit (the key has none), kept by key, and changed with
//!   `e`; it is what the player's rooms' games carry as White or Black.
//! * The lists: your unfinished games (you hold a seat), games you can join (a seat is free),
//!   games to watch (both seats taken). A room whose game has ended is in none.
//! * The new-game form: a clock (the new-game form's presets, or typed), a colour (or random),
//!   Chess960, and a room served in lines (for a screen reader). It opens a room and shows its
//!   code, to tell a friend; Enter goes in.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use hotseat::app::NewGameForm;
use hotseat::app::newgame::{CUSTOM, FormError, TIME_PRESETS};
use hotseat::game::timecontrol::TimeControl;
use hotseat::rules::{Color, Position};

use crate::names::MAX_NAME_CHARS;
use crate::rooms::{About, Listing};

/// The keys of the lobby's lists, for its help and its footer: (keys, what they do, the
/// footer's word or "" to leave it out of the footer).
pub const KEYS: [(&str, &str, &str); 9] = [
    ("↑ ↓  j k", "choose a game in the list", ""),
    ("Tab", "the next list (Shift-Tab: the one before)", "lists"),
    (
        "Enter",
        "go into the game chosen (or open the new-game form)",
        "go in",
    ),
    ("n", "a new game: a room for you and a friend", "new game"),
    ("e", "change your name", "name"),
    ("h", "a game for two at this one keyboard", "here"),
    ("click", "choose a game; click it again to go in", ""),
    ("? F1", "this help", "help"),
    ("q Esc", "leave the server", "leave"),
];

/// The keys of the new-game form, for its help.
pub const FORM_KEYS: [(&str, &str); 4] = [
    ("↑ ↓ Tab", "another field"),
    (
        "← →",
        "change the choice (or type a time control, like 5+3)",
    ),
    ("Enter", "open the room"),
    ("Esc", "back to the lists"),
];

/// A part of the lobby that has the keys: one of the three lists, or the new-game button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    Resume,
    Join,
    Watch,
    New,
}

impl Section {
    pub const ALL: [Section; 4] = [Section::Resume, Section::Join, Section::Watch, Section::New];

    pub const fn title(self) -> &'static str {
        match self {
            Section::Resume => "Your games",
            Section::Join => "Join: a seat is free",
            Section::Watch => "Watch",
            Section::New => "New game",
        }
    }

    /// What the list says when it is empty.
    pub const fn empty(self) -> &'static str {
        match self {
            Section::Resume => "No unfinished game of yours.",
            Section::Join => "No room waits for a player: open one with n.",
            Section::Watch => "No game in progress.",
            Section::New => "",
        }
    }

    fn step(self, delta: isize) -> Section {
        step(&Section::ALL, self, delta)
    }
}

/// The choice `delta` places from `at` among `all`, round in a circle.
fn step<T: Copy + PartialEq>(all: &[T], at: T, delta: isize) -> T {
    let i = all.iter().position(|&x| x == at).unwrap_or(0);
    all[(i as isize + delta).rem_euclid(all.len() as isize) as usize]
}

/// A room in a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub code: String,
    /// The players' names; `None`: the seat is free.
    pub white: Option<String>,
    pub black: Option<String>,
    pub about: About,
    /// The side you hold, in a room of yours.
    pub yours: Option<Color>,
}

/// The rooms as the lists show them to one player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lists {
    pub resume: Vec<Entry>,
    pub join: Vec<Entry>,
    pub watch: Vec<Entry>,
}

/// What a seat taken by a player without a name shows.
pub const NO_NAME: &str = "a player";

impl Lists {
    /// The lists of the player of `key`, the players named by `name_of`.
    pub fn of(rooms: &[Listing], key: &str, name_of: impl Fn(&str) -> Option<String>) -> Lists {
        let mut lists = Lists::default();
        for room in rooms.iter().filter(|room| !room.ended) {
            let seat = |held: &Option<String>| {
                held.as_deref()
                    .map(|k| name_of(k).unwrap_or_else(|| NO_NAME.to_owned()))
            };
            let yours = if room.white.as_deref() == Some(key) {
                Some(Color::White)
            } else if room.black.as_deref() == Some(key) {
                Some(Color::Black)
            } else {
                None
            };
            let entry = Entry {
                code: room.code.clone(),
                white: seat(&room.white),
                black: seat(&room.black),
                about: room.about.clone(),
                yours,
            };
            let list = if yours.is_some() {
                &mut lists.resume
            } else if room.about.private {
                // Only its code finds it: the players' own lobbies list it, no other.
                continue;
            } else if room.white.is_none() || room.black.is_none() {
                &mut lists.join
            } else {
                &mut lists.watch
            };
            list.push(entry);
        }
        lists
    }

    pub fn get(&self, section: Section) -> &[Entry] {
        match section {
            Section::Resume => &self.resume,
            Section::Join => &self.join,
            Section::Watch => &self.watch,
            Section::New => &[],
        }
    }
}

/// The side the opener of a new room plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
    Random,
}

impl Side {
    const ALL: [Side; 3] = [Side::White, Side::Black, Side::Random];

    pub const fn label(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
            Side::Random => "random",
        }
    }
}

/// A row of the new-game form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Clock,
    Side,
    Chess960,
    Plain,
    Private,
    Chat,
}

impl Field {
    pub const ALL: [Field; 6] = [
        Field::Clock,
        Field::Side,
        Field::Chess960,
        Field::Plain,
        Field::Private,
        Field::Chat,
    ];

    pub const fn label(self) -> &'static str {
        match self {
            Field::Clock => "Clock",
            Field::Side => "You play",
            Field::Chess960 => "Chess960",
            Field::Plain => "Lines",
            Field::Private => "Private",
            Field::Chat => "Chat",
        }
    }

    fn step(self, delta: isize) -> Field {
        step(&Field::ALL, self, delta)
    }
}

/// The new-game form. Its clock and Chess960 choice are the game's own new-game form's (the
/// same presets, the same reading of a typed control, the same messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    pub game: NewGameForm,
    pub side: Side,
    pub plain: bool,
    /// Not listed in any other player's lobby: only its code finds it.
    pub private: bool,
    /// Watchers read the players' chat.
    pub watchers_chat: bool,
    pub field: Field,
    /// Enter was pressed with a problem.
    pub submitted: bool,
}

impl Form {
    /// A form with the clock and start of `defaults` (the server's game options).
    pub fn new(defaults: &NewGameForm) -> Form {
        Form {
            game: NewGameForm {
                from_fen: false,
                chess960_number: String::new(),
                ..defaults.clone()
            },
            side: Side::Random,
            plain: false,
            private: false,
            watchers_chat: false,
            field: Field::Clock,
            submitted: false,
        }
    }

    /// The text the form shows for `field`.
    pub fn value(&self, field: Field) -> String {
        let on_off = |on: bool| if on { "on" } else { "off" }.to_owned();
        match field {
            Field::Clock if self.game.time == CUSTOM => format!("{}▏", self.game.custom),
            Field::Clock => TIME_PRESETS[self.game.time].to_owned(),
            Field::Side => self.side.label().to_owned(),
            Field::Chess960 => on_off(self.game.chess960),
            Field::Plain => on_off(self.plain),
            Field::Private => on_off(self.private),
            Field::Chat => if self.watchers_chat {
                "shown"
            } else {
                "hidden"
            }
            .to_owned(),
        }
    }

    /// A word beside `field` on what it means.
    pub fn hint(&self, field: Field) -> &'static str {
        match field {
            Field::Clock if self.game.time == CUSTOM => "type it: 5+3, 40/90+30,30+30, 5+0d3",
            Field::Clock => "minutes + seconds a move; ← → or type",
            Field::Side => "the other side is your friend's",
            Field::Chess960 => "a random start of the 960",
            Field::Plain => "in lines, for a screen reader, by its code",
            Field::Private => "not listed: only its code finds it",
            Field::Chat => "whether watchers read the players' chat",
        }
    }

    /// The problem beside the clock: typed text that does not read.
    pub fn error(&self) -> Option<FormError> {
        let typed = self.game.time == CUSTOM && (self.submitted || !self.game.custom.is_empty());
        if typed {
            self.game.time_control().err()
        } else {
            None
        }
    }

    fn change(&mut self, delta: isize) {
        let cycle = |i: usize, n: usize| (i as isize + delta).rem_euclid(n as isize) as usize;
        match self.field {
            Field::Clock => self.game.time = cycle(self.game.time, TIME_PRESETS.len() + 1),
            Field::Side => self.side = step(&Side::ALL, self.side, delta),
            Field::Chess960 => self.game.chess960 = !self.game.chess960,
            Field::Plain => self.plain = !self.plain,
            Field::Private => self.private = !self.private,
            Field::Chat => self.watchers_chat = !self.watchers_chat,
        }
    }

    fn type_char(&mut self, c: char) {
        if self.field != Field::Clock {
            return;
        }
        if self.game.time != CUSTOM {
            self.game.time = CUSTOM;
            self.game.custom.clear();
        }
        if self.game.custom.chars().count() < MAX_TIME_CHARS {
            self.game.custom.push(c);
        }
    }

    /// What the form opens, or why it cannot.
    fn submit(&mut self) -> Result<Choice, FormError> {
        self.submitted = true;
        let (white_time, black_time) = self.game.time_control()?;
        Ok(Choice {
            white_time,
            black_time,
            start: self.game.start_position()?,
            side: self.side,
            plain: self.plain,
            private: self.private,
            watchers_chat: self.watchers_chat,
        })
    }
}

/// The longest time control typed in the form.
const MAX_TIME_CHARS: usize = 40;

/// A new room, as the form chose it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub white_time: TimeControl,
    pub black_time: TimeControl,
    pub start: Position,
    pub side: Side,
    pub plain: bool,
    pub private: bool,
    pub watchers_chat: bool,
}

/// The name being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Naming {
    pub text: String,
    /// The first visit: there is no name yet, and Esc leaves.
    pub first: bool,
}

/// A line of news under the lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    pub error: bool,
}

/// What the lobby's loop is to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Do {
    Nothing,
    /// The player leaves the server.
    Leave,
    /// Into the room of this code, as `ssh -t HOST CODE` would.
    Enter(String),
    /// A game for two at this keyboard.
    Here,
    /// Keep this name for the player (the answer comes to [`Lobby::named`]).
    Name(String),
    /// Open this room (the answer comes to [`Lobby::created`]).
    Create(Choice),
}

/// Where a click landed (the view's hit test, [`crate::lobby_view::hit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Entry(Section, usize),
    New,
    Field(Field),
}

/// The lobby of one player.
#[derive(Clone, Debug)]
pub struct Lobby {
    pub name: Option<String>,
    pub naming: Option<Naming>,
    pub lists: Lists,
    pub focus: Section,
    /// The player put the focus where it is (Tab, a click): it stays there. Until then it
    /// follows the rooms, on the first list with a room in it, so that the first Enter goes
    /// where the marker shows.
    focus_chosen: bool,
    /// The entry chosen in each list (Resume, Join, Watch).
    selected: [usize; 3],
    pub form: Option<Form>,
    /// A room just opened, its code shown until Enter goes in (or Esc stays here).
    pub created: Option<String>,
    pub help: bool,
    pub note: Option<Note>,
    /// The server's port, for the line that tells a friend how to come.
    pub port: u16,
    /// The new-game form's first choices: the server's game options.
    defaults: NewGameForm,
}

impl Lobby {
    /// The lobby of a player called `name` (`None`: asked first).
    pub fn new(name: Option<String>, port: u16, defaults: NewGameForm) -> Lobby {
        let naming = match name {
            None => Some(Naming {
                text: String::new(),
                first: true,
            }),
            Some(_) => None,
        };
        Lobby {
            name,
            naming,
            lists: Lists::default(),
            focus: Section::Resume,
            focus_chosen: false,
            selected: [0; 3],
            form: None,
            created: None,
            help: false,
            note: None,
            port,
            defaults,
        }
    }

    /// The rooms changed: the lists again, each keeping its choice where it can.
    pub fn rooms(&mut self, lists: Lists) {
        let chosen: Vec<Option<String>> = [Section::Resume, Section::Join, Section::Watch]
            .into_iter()
            .map(|s| self.chosen(s).map(|e| e.code.clone()))
            .collect();
        self.lists = lists;
        for (i, section) in [Section::Resume, Section::Join, Section::Watch]
            .into_iter()
            .enumerate()
        {
            let list = self.lists.get(section);
            self.selected[i] = chosen[i]
                .as_ref()
                .and_then(|code| list.iter().position(|e| &e.code == code))
                .unwrap_or(self.selected[i])
                .min(list.len().saturating_sub(1));
        }
        if !self.focus_chosen
            && self.lists.get(self.focus).is_empty()
            && let Some(first) = [Section::Resume, Section::Join, Section::Watch]
                .into_iter()
                .find(|&s| !self.lists.get(s).is_empty())
        {
            self.focus = first;
        }
    }

    /// The entry chosen in `section`'s list.
    pub fn chosen(&self, section: Section) -> Option<&Entry> {
        let i = Section::ALL.iter().position(|&s| s == section)?;
        self.lists.get(section).get(*self.selected.get(i)?)
    }

    /// The index of the entry chosen in `section`'s list.
    pub fn selected(&self, section: Section) -> usize {
        let i = Section::ALL.iter().position(|&s| s == section).unwrap_or(0);
        self.selected.get(i).copied().unwrap_or(0)
    }

    /// The answer to [`Do::Name`]: the name kept, or why not.
    pub fn named(&mut self, result: Result<String, String>) {
        match result {
            Ok(name) => {
                self.note = Some(Note {
                    text: format!("You are {name} here."),
                    error: false,
                });
                self.name = Some(name);
                self.naming = None;
            }
            Err(why) => self.refuse(why),
        }
    }

    /// The answer to [`Do::Create`]: the new room's code, or why there is none.
    pub fn created(&mut self, result: Result<String, String>) -> Do {
        match result {
            Ok(code) => {
                self.form = None;
                self.created = Some(code);
            }
            Err(why) => self.refuse(why),
        }
        Do::Nothing
    }

    fn refuse(&mut self, why: String) {
        self.note = Some(Note {
            text: why,
            error: true,
        });
    }

    /// A key typed.
    pub fn key(&mut self, key: KeyEvent) -> Do {
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return match key.code {
                KeyCode::Char('c' | 'q' | 'd') => Do::Leave,
                _ => Do::Nothing,
            };
        }
        if self.help {
            if matches!(
                key.code,
                KeyCode::Esc | KeyCode::F(1) | KeyCode::Char('?' | 'q') | KeyCode::Enter
            ) {
                self.help = false;
            }
            return Do::Nothing;
        }
        if self.naming.is_some() {
            return self.naming_key(key);
        }
        if let Some(code) = &self.created {
            return match key.code {
                KeyCode::Enter => {
                    let code = code.clone();
                    self.created = None;
                    Do::Enter(code)
                }
                KeyCode::Esc | KeyCode::Char('q') => {
                    self.created = None;
                    Do::Nothing
                }
                _ => Do::Nothing,
            };
        }
        if key.code == KeyCode::F(1) {
            self.help = true;
            return Do::Nothing;
        }
        if self.form.is_some() {
            return self.form_key(key);
        }
        self.note = None;
        match key.code {
            KeyCode::Char('?') => self.help = true,
            KeyCode::Esc | KeyCode::Char('q') => return Do::Leave,
            KeyCode::Up | KeyCode::Char('k') => self.move_by(-1),
            KeyCode::Down | KeyCode::Char('j') => self.move_by(1),
            KeyCode::Tab => self.choose_focus(self.focus.step(1)),
            KeyCode::BackTab => self.choose_focus(self.focus.step(-1)),
            KeyCode::Char('n') => self.open_form(),
            KeyCode::Char('h') => return Do::Here,
            KeyCode::Char('e') => {
                self.naming = Some(Naming {
                    text: self.name.clone().unwrap_or_default(),
                    first: false,
                });
            }
            KeyCode::Enter => return self.go(),
            _ => {}
        }
        Do::Nothing
    }

    /// A click on `target`.
    pub fn click(&mut self, target: Target) -> Do {
        if self.help || self.naming.is_some() || self.created.is_some() {
            return Do::Nothing;
        }
        match (target, &mut self.form) {
            (Target::Field(field), Some(form)) => {
                if form.field == field {
                    form.change(1);
                }
                form.field = field;
                Do::Nothing
            }
            (_, Some(_)) | (Target::Field(_), None) => Do::Nothing,
            (Target::New, None) => {
                self.choose_focus(Section::New);
                self.open_form();
                Do::Nothing
            }
            (Target::Entry(section, index), None) => {
                let again = self.focus == section && self.selected(section) == index;
                self.choose_focus(section);
                if let Some(i) = Section::ALL.iter().position(|&s| s == section)
                    && index < self.lists.get(section).len()
                {
                    self.selected[i] = index;
                }
                if again { self.go() } else { Do::Nothing }
            }
        }
    }

    /// The player puts the focus on `section`: it stays there.
    fn choose_focus(&mut self, section: Section) {
        self.focus = section;
        self.focus_chosen = true;
    }

    fn move_by(&mut self, delta: isize) {
        let len = self.lists.get(self.focus).len();
        let Some(i) = Section::ALL.iter().position(|&s| s == self.focus) else {
            return;
        };
        if self.focus == Section::New || len == 0 {
            return;
        }
        let at = self.selected[i] as isize + delta;
        self.selected[i] = at.clamp(0, len as isize - 1) as usize;
    }

    /// Enter on the lists: into the game chosen, or the form.
    fn go(&mut self) -> Do {
        if self.focus == Section::New {
            self.open_form();
            return Do::Nothing;
        }
        match self.chosen(self.focus) {
            Some(entry) => Do::Enter(entry.code.clone()),
            None => {
                self.note = Some(Note {
                    text: format!("{} (Tab: the next list)", self.focus.empty()),
                    error: false,
                });
                Do::Nothing
            }
        }
    }

    fn open_form(&mut self) {
        self.form = Some(Form::new(&self.defaults));
    }

    fn naming_key(&mut self, key: KeyEvent) -> Do {
        let Some(naming) = &mut self.naming else {
            return Do::Nothing;
        };
        match key.code {
            KeyCode::Esc if naming.first => return Do::Leave,
            KeyCode::Esc => {
                self.naming = None;
                self.note = None;
            }
            KeyCode::Enter => return Do::Name(naming.text.clone()),
            KeyCode::Backspace => {
                naming.text.pop();
                self.note = None;
            }
            KeyCode::Char(c) if naming.text.chars().count() >= MAX_NAME_CHARS => {
                let _ = c;
                self.refuse(format!(
                    "a name has at most {MAX_NAME_CHARS} characters: this one is full"
                ));
            }
            KeyCode::Char(c) if !c.is_control() => {
                naming.text.push(c);
                self.note = None;
            }
            _ => {}
        }
        Do::Nothing
    }

    fn form_key(&mut self, key: KeyEvent) -> Do {
        let Some(form) = &mut self.form else {
            return Do::Nothing;
        };
        match key.code {
            KeyCode::Esc => self.form = None,
            KeyCode::Up | KeyCode::BackTab => form.field = form.field.step(-1),
            KeyCode::Down | KeyCode::Tab => form.field = form.field.step(1),
            KeyCode::Left => form.change(-1),
            KeyCode::Right | KeyCode::Char(' ') => form.change(1),
            KeyCode::Backspace if form.field == Field::Clock && form.game.time == CUSTOM => {
                form.game.custom.pop();
            }
            KeyCode::Char(c) => form.type_char(c),
            KeyCode::Enter => match form.submit() {
                Ok(choice) => return Do::Create(choice),
                Err(e) => self.refuse(e.to_string()),
            },
            _ => {}
        }
        Do::Nothing
    }

    /// The line that tells a friend how to come to room `code`.
    pub fn invitation(&self, code: &str) -> String {
        format!("ssh -p {} <this server> -t {code}", self.port)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hotseat::game::{Game, GameSetup};

    fn press(lobby: &mut Lobby, code: KeyCode) -> Do {
        lobby.key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn typed(lobby: &mut Lobby, text: &str) {
        for c in text.chars() {
            press(lobby, KeyCode::Char(c));
        }
    }

    fn defaults() -> NewGameForm {
        NewGameForm::new(
            &Game::new(GameSetup::default()),
            hotseat::look::Palette::default(),
        )
    }

    fn listing(code: &str, white: Option<&str>, black: Option<&str>) -> Listing {
        Listing {
            code: code.to_owned(),
            white: white.map(str::to_owned),
            black: black.map(str::to_owned),
            about: About {
                time: "5+3".to_owned(),
                chess960: false,
                plain: false,
                private: false,
            },
            ended: false,
        }
    }

    fn names(key: &str) -> Option<String> {
        match key {
            "ann" => Some("Ann".to_owned()),
            "bob" => Some("Bob".to_owned()),
            _ => None,
        }
    }

    #[test]
    fn a_private_room_is_listed_to_its_players_alone() {
        let mut private = listing("hush", Some("ann"), None);
        private.about.private = true;
        let mut full = listing("duo", Some("ann"), Some("bob"));
        full.about.private = true;
        let rooms = [private, full];
        // Ann holds seats in both: they are her games.
        let ann = Lists::of(&rooms, "ann", names);
        assert_eq!(ann.resume.len(), 2);
        // Cat finds neither to join nor to watch: only a code she is given opens them.
        let cat = Lists::of(&rooms, "cat", names);
        assert!(cat.join.is_empty() && cat.watch.is_empty() && cat.resume.is_empty());
    }

    #[test]
    fn the_form_opens_a_private_room_whose_watchers_read_the_chat() {
        let mut form = Form::new(&defaults());
        assert_eq!(form.value(Field::Private), "off");
        assert_eq!(form.value(Field::Chat), "hidden");
        for field in [Field::Private, Field::Chat] {
            form.field = field;
            form.change(1);
        }
        let choice = form.submit().unwrap();
        assert!(choice.private && choice.watchers_chat);
        assert_eq!(form.value(Field::Chat), "shown");
    }

    #[test]
    fn the_lists_sort_rooms_into_yours_to_join_and_to_watch_and_leave_out_the_ended() {
        let mut ended = listing("done", Some("ann"), Some("bob"));
        ended.ended = true;
        let rooms = [
            listing("mine", Some("bob"), Some("ann")),
            listing("open", Some("bob"), None),
            listing("full", Some("bob"), Some("cat")),
            ended,
        ];
        let lists = Lists::of(&rooms, "ann", names);
        let codes = |list: &[Entry]| list.iter().map(|e| e.code.clone()).collect::<Vec<_>>();
        assert_eq!(codes(&lists.resume), ["mine"]);
        assert_eq!(lists.resume[0].yours, Some(Color::Black));
        assert_eq!(codes(&lists.join), ["open"]);
        assert_eq!(lists.join[0].black, None);
        assert_eq!(codes(&lists.watch), ["full"]);
        assert_eq!(lists.watch[0].black.as_deref(), Some(NO_NAME));
    }

    #[test]
    fn the_name_is_asked_at_the_first_visit_and_a_long_one_is_refused_as_it_is_typed() {
        let mut lobby = Lobby::new(None, 2222, defaults());
        assert!(lobby.naming.as_ref().is_some_and(|n| n.first));
        // The lists' keys are letters of the name meanwhile.
        assert_eq!(press(&mut lobby, KeyCode::Char('q')), Do::Nothing);
        press(&mut lobby, KeyCode::Backspace);
        typed(&mut lobby, &"x".repeat(MAX_NAME_CHARS + 3));
        assert_eq!(
            lobby.naming.as_ref().unwrap().text.chars().count(),
            MAX_NAME_CHARS
        );
        let note = lobby.note.clone().unwrap();
        assert!(note.error && note.text.contains("at most 32"), "{note:?}");
        for _ in 0..MAX_NAME_CHARS {
            press(&mut lobby, KeyCode::Backspace);
        }
        typed(&mut lobby, "Ann");
        assert_eq!(press(&mut lobby, KeyCode::Enter), Do::Name("Ann".into()));
        lobby.named(Ok("Ann".into()));
        assert_eq!(lobby.name.as_deref(), Some("Ann"));
        assert!(lobby.naming.is_none());
        // Changed later with e; Esc keeps the old one.
        press(&mut lobby, KeyCode::Char('e'));
        assert_eq!(lobby.naming.as_ref().unwrap().text, "Ann");
        press(&mut lobby, KeyCode::Esc);
        assert!(lobby.naming.is_none());
        assert_eq!(press(&mut lobby, KeyCode::Esc), Do::Leave);
    }

    #[test]
    fn esc_at_the_first_visit_leaves_and_a_refused_name_stays_to_be_corrected() {
        let mut lobby = Lobby::new(None, 2222, defaults());
        assert_eq!(press(&mut lobby, KeyCode::Enter), Do::Name(String::new()));
        lobby.named(Err("type a name".into()));
        assert!(lobby.naming.is_some());
        assert!(lobby.note.as_ref().unwrap().error);
        assert_eq!(press(&mut lobby, KeyCode::Esc), Do::Leave);
    }

    #[test]
    fn arrows_tab_and_enter_go_into_the_room_chosen_and_the_choice_survives_a_refresh() {
        let mut lobby = Lobby::new(Some("Ann".into()), 2222, defaults());
        let rooms = [
            listing("a1", Some("bob"), None),
            listing("a2", Some("cat"), None),
            listing("w1", Some("bob"), Some("cat")),
        ];
        lobby.rooms(Lists::of(&rooms, "ann", names));
        // Your games are empty: the focus is on the first list with a room, where the marker
        // is, and the first Enter goes in there.
        assert_eq!(lobby.focus, Section::Join);
        assert_eq!(press(&mut lobby, KeyCode::Enter), Do::Enter("a1".into()));
        // Tab and Shift-Tab put it where the player wants, even on an empty list.
        press(&mut lobby, KeyCode::BackTab);
        assert_eq!(lobby.focus, Section::Resume);
        assert_eq!(press(&mut lobby, KeyCode::Enter), Do::Nothing);
        assert!(lobby.note.is_some());
        lobby.rooms(Lists::of(&rooms, "ann", names));
        assert_eq!(lobby.focus, Section::Resume);
        press(&mut lobby, KeyCode::Tab);
        assert_eq!(lobby.focus, Section::Join);
        press(&mut lobby, KeyCode::Char('j'));
        press(&mut lobby, KeyCode::Down);
        assert_eq!(lobby.chosen(Section::Join).unwrap().code, "a2");
        // A room opened before it moves it down the list: a2 is still chosen.
        let rooms = [
            listing("a0", Some("cat"), None),
            rooms[0].clone(),
            rooms[1].clone(),
        ];
        lobby.rooms(Lists::of(&rooms, "ann", names));
        assert_eq!(lobby.chosen(Section::Join).unwrap().code, "a2");
        assert_eq!(press(&mut lobby, KeyCode::Enter), Do::Enter("a2".into()));
        // Its room gone, the choice stays within the list.
        lobby.rooms(Lists::of(&rooms[..1], "ann", names));
        assert_eq!(lobby.chosen(Section::Join).unwrap().code, "a0");
        press(&mut lobby, KeyCode::BackTab);
        assert_eq!(lobby.focus, Section::Resume);
    }

    #[test]
    fn a_click_chooses_and_a_second_click_goes_in() {
        let mut lobby = Lobby::new(Some("Ann".into()), 2222, defaults());
        let rooms = [
            listing("w1", Some("bob"), Some("cat")),
            listing("w2", Some("bob"), Some("cat")),
        ];
        lobby.rooms(Lists::of(&rooms, "ann", names));
        assert_eq!(lobby.click(Target::Entry(Section::Watch, 1)), Do::Nothing);
        assert_eq!(lobby.focus, Section::Watch);
        assert_eq!(
            lobby.click(Target::Entry(Section::Watch, 1)),
            Do::Enter("w2".into())
        );
        assert_eq!(lobby.click(Target::New), Do::Nothing);
        assert!(lobby.form.is_some());
        lobby.click(Target::Field(Field::Side));
        lobby.click(Target::Field(Field::Side));
        assert_eq!(lobby.form.as_ref().unwrap().side, Side::White);
    }

    #[test]
    fn the_form_offers_the_presets_custom_colour_chess960_and_lines_and_refuses_a_bad_clock() {
        let mut lobby = Lobby::new(Some("Ann".into()), 2222, defaults());
        press(&mut lobby, KeyCode::Char('n'));
        let form = lobby.form.as_ref().unwrap();
        assert_eq!(form.value(Field::Clock), "none");
        // Right from "none" is custom, then the first preset.
        press(&mut lobby, KeyCode::Right);
        press(&mut lobby, KeyCode::Right);
        assert_eq!(lobby.form.as_ref().unwrap().value(Field::Clock), "1+0");
        typed(&mut lobby, "5+x");
        assert_eq!(press(&mut lobby, KeyCode::Enter), Do::Nothing);
        assert!(lobby.note.as_ref().unwrap().error);
        assert!(lobby.form.as_ref().unwrap().error().is_some());
        press(&mut lobby, KeyCode::Backspace);
        typed(&mut lobby, "3");
        press(&mut lobby, KeyCode::Down);
        press(&mut lobby, KeyCode::Left);
        press(&mut lobby, KeyCode::Down);
        press(&mut lobby, KeyCode::Right);
        press(&mut lobby, KeyCode::Tab);
        press(&mut lobby, KeyCode::Char(' '));
        let Do::Create(choice) = press(&mut lobby, KeyCode::Enter) else {
            panic!("no room opened: {:?}", lobby.note);
        };
        assert_eq!(choice.white_time.to_string(), "5+3");
        assert_eq!(choice.side, Side::Black);
        assert!(choice.start.chess960_number().is_some());
        assert!(choice.plain);
        // The code is shown; Enter goes in.
        lobby.created(Ok("k7m2q".into()));
        assert!(lobby.form.is_none());
        assert!(
            lobby
                .invitation("k7m2q")
                .contains("-p 2222 <this server> -t k7m2q")
        );
        assert_eq!(press(&mut lobby, KeyCode::Enter), Do::Enter("k7m2q".into()));
    }

    #[test]
    fn a_room_refused_keeps_the_form_open_with_the_reason() {
        let mut lobby = Lobby::new(Some("Ann".into()), 2222, defaults());
        press(&mut lobby, KeyCode::Char('n'));
        assert!(matches!(press(&mut lobby, KeyCode::Enter), Do::Create(_)));
        lobby.created(Err("you have 5 rooms open already".into()));
        assert!(lobby.form.is_some());
        assert!(lobby.note.as_ref().unwrap().text.contains("5 rooms"));
        press(&mut lobby, KeyCode::Esc);
        assert!(lobby.form.is_none());
    }

    #[test]
    fn help_opens_with_question_mark_or_f1_and_closes_with_esc() {
        let mut lobby = Lobby::new(Some("Ann".into()), 2222, defaults());
        press(&mut lobby, KeyCode::Char('?'));
        assert!(lobby.help);
        assert_eq!(press(&mut lobby, KeyCode::Esc), Do::Nothing);
        assert!(!lobby.help);
        press(&mut lobby, KeyCode::F(1));
        assert!(lobby.help);
        press(&mut lobby, KeyCode::Char('q'));
        assert!(!lobby.help);
        assert_eq!(press(&mut lobby, KeyCode::Char('h')), Do::Here);
    }
}
