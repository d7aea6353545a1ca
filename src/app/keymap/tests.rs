use std::collections::HashSet;

use crossterm::event::{KeyEventState, ModifierKeyCode};

use super::*;

fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

/// A key as matching sees it: letters in lowercase.
fn normalised(key: &Key) -> Key {
    match key.code {
        KeyCode::Char(c) => Key {
            code: KeyCode::Char(c.to_ascii_lowercase()),
            modifiers: key.modifiers,
        },
        _ => *key,
    }
}

/// Anything a player might type as a move: SAN (`e4`, `Nf3`, `exd5`, `e8=Q`), castling
/// (`O-O`, `0-0`), or coordinates (`e2e4`, `e2-e4`, `Ng1-f3`). A word is move-like if it names a
/// square or castles; every move names its destination square.
fn looks_like_move(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    let castles = ["o-o", "o-o-o", "0-0", "0-0-0", "oo", "ooo"];
    let bytes = w.as_bytes();
    let names_square = bytes
        .windows(2)
        .any(|p| (b'a'..=b'h').contains(&p[0]) && (b'1'..=b'8').contains(&p[1]));
    castles.contains(&w.as_str()) || names_square
}

#[test]
fn move_likeness_check_recognises_moves() {
    for m in [
        "e4", "Nf3", "exd5", "O-O", "0-0", "e8=Q", "e2e4", "e2-e4", "Ng1-f3", "e7e8q", "O-O-O",
    ] {
        assert!(looks_like_move(m), "{m}");
    }
}

#[test]
fn every_action_has_a_key() {
    for action in Action::ALL {
        assert!(
            BINDINGS
                .iter()
                .any(|b| b.action == action && !b.keys.is_empty()),
            "{action:?} has no key"
        );
    }
}

#[test]
fn every_binding_has_a_key_a_context_and_a_description() {
    for b in BINDINGS {
        assert!(!b.keys.is_empty(), "{:?}", b.action);
        assert!(!b.contexts.is_empty(), "{:?}", b.action);
        assert!(!b.description.is_empty(), "{:?}", b.action);
    }
}

#[test]
fn no_key_is_bound_twice_in_one_context() {
    for context in KeyContext::ALL {
        let mut seen = HashSet::new();
        for b in bindings(context) {
            for key in b.keys {
                assert!(
                    seen.insert(normalised(key)),
                    "{key} is bound twice in {context:?}"
                );
            }
        }
    }
}

#[test]
fn playing_keys_are_never_typed_text() {
    for b in bindings(KeyContext::Playing) {
        for key in b.keys {
            let printable = matches!(key.code, KeyCode::Char(_)) && key.modifiers.is_empty();
            assert!(
                !printable || key.code == KeyCode::Char(' '),
                "{key} ({:?}) would steal a character from the move box",
                b.action
            );
        }
    }
}

#[test]
fn command_words_can_never_be_moves() {
    let mut seen = HashSet::new();
    for word in command_words() {
        assert!(!looks_like_move(word), "{word} looks like a move");
        assert!(word.len() >= 3, "{word} is too short to be unambiguous");
        assert!(word.chars().all(|c| c.is_ascii_lowercase()), "{word}");
        assert!(seen.insert(word), "{word} is listed twice");
    }
}

#[test]
fn command_words_cover_the_game_commands() {
    for (word, action) in [
        ("resign", Action::Resign),
        ("draw", Action::Draw),
        ("claim", Action::Claim),
        ("undo", Action::Takeback),
        ("takeback", Action::Takeback),
        ("flip", Action::FlipBoard),
        ("new", Action::NewGame),
        ("save", Action::Save),
        ("help", Action::Help),
        ("quit", Action::Quit),
        ("pause", Action::Pause),
    ] {
        assert_eq!(action_for_word(word), Some(action), "{word}");
        assert_eq!(
            action_for_word(&word.to_uppercase()),
            Some(action),
            "{word}"
        );
    }
    assert_eq!(action_for_word("Nf3"), None);
    assert_eq!(action_for_word(""), None);
}

#[test]
fn every_action_with_a_word_has_its_key_in_the_same_row() {
    for b in BINDINGS.iter().filter(|b| !b.words.is_empty()) {
        assert!(b.contexts.contains(&KeyContext::Playing), "{:?}", b.action);
    }
}

#[test]
fn only_presses_count() {
    let mut release = press(KeyCode::Char('d'), KeyModifiers::CONTROL);
    release.kind = KeyEventKind::Release;
    assert_eq!(action_for(release, KeyContext::Playing), None);
    let mut repeat = press(KeyCode::Up, KeyModifiers::NONE);
    repeat.kind = KeyEventKind::Repeat;
    assert_eq!(action_for(repeat, KeyContext::Playing), None);
}

#[test]
fn keys_resolve_per_context() {
    let up = press(KeyCode::Up, KeyModifiers::NONE);
    assert_eq!(action_for(up, KeyContext::Playing), Some(Action::CursorUp));
    assert_eq!(action_for(up, KeyContext::Help), Some(Action::ScrollUp));
    assert_eq!(action_for(up, KeyContext::Confirm), None);
    let q = press(KeyCode::Char('q'), KeyModifiers::NONE);
    assert_eq!(action_for(q, KeyContext::Playing), Some(Action::Input('q')));
    assert_eq!(action_for(q, KeyContext::Help), Some(Action::Cancel));
    assert_eq!(
        action_for(q, KeyContext::Promotion),
        Some(Action::Promote(Role::Queen))
    );
    let shift_n = press(KeyCode::Char('N'), KeyModifiers::SHIFT);
    assert_eq!(action_for(shift_n, KeyContext::Confirm), Some(Action::No));
    // In a grave question, N starts Nf6: it does not answer.
    assert_eq!(
        action_for(shift_n, KeyContext::Grave),
        Some(Action::Input('N'))
    );
    let n = press(KeyCode::Char('n'), KeyModifiers::NONE);
    assert_eq!(action_for(n, KeyContext::Grave), Some(Action::Input('n')));
    let y = press(KeyCode::Char('y'), KeyModifiers::NONE);
    assert_eq!(action_for(y, KeyContext::Grave), Some(Action::Yes));
    let enter = press(KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(action_for(enter, KeyContext::Grave), Some(Action::No));
    let ctrl_z = press(KeyCode::Char('z'), KeyModifiers::CONTROL);
    for context in KeyContext::ALL {
        assert_eq!(action_for(ctrl_z, context), Some(Action::Suspend));
    }
    let ctrl_c = press(KeyCode::Char('c'), KeyModifiers::CONTROL);
    for context in KeyContext::ALL {
        assert_eq!(action_for(ctrl_c, context), Some(Action::Quit));
    }
    let space = press(KeyCode::Char(' '), KeyModifiers::NONE);
    assert_eq!(action_for(space, KeyContext::Playing), Some(Action::Space));
    assert_eq!(action_for(space, KeyContext::Ready), Some(Action::Select));
}

#[test]
fn ctrl_letters_match_with_shift_or_caps_lock() {
    let caps = KeyEvent {
        code: KeyCode::Char('D'),
        modifiers: KeyModifiers::CONTROL | KeyModifiers::SHIFT,
        kind: KeyEventKind::Press,
        state: KeyEventState::CAPS_LOCK,
    };
    assert_eq!(action_for(caps, KeyContext::Playing), Some(Action::Draw));
}

#[test]
fn unbound_keys_and_alt_combinations_do_nothing() {
    let alt_x = press(KeyCode::Char('x'), KeyModifiers::ALT);
    assert_eq!(action_for(alt_x, KeyContext::Playing), None);
    let alt_v = press(
        KeyCode::Char('v'),
        KeyModifiers::CONTROL | KeyModifiers::ALT,
    );
    assert_eq!(action_for(alt_v, KeyContext::Playing), None);
    let shift = press(
        KeyCode::Modifier(ModifierKeyCode::LeftShift),
        KeyModifiers::SHIFT,
    );
    assert_eq!(action_for(shift, KeyContext::Playing), None);
    let f11 = press(KeyCode::F(11), KeyModifiers::NONE);
    assert_eq!(action_for(f11, KeyContext::Playing), None);
    let tab = press(KeyCode::Tab, KeyModifiers::NONE);
    assert_eq!(action_for(tab, KeyContext::Playing), Some(Action::Complete));
    assert_eq!(action_for(tab, KeyContext::Help), None);
}

#[test]
fn footer_shows_first_key_and_label() {
    let footer = footer(KeyContext::Playing);
    assert!(footer.contains(&(Key::plain(KeyCode::F(1)), "help")));
    assert!(footer.iter().all(|(_, label)| !label.is_empty()));
    let text: Vec<String> = footer.iter().map(|(k, l)| format!("{k} {l}")).collect();
    assert_eq!(
        text,
        [
            "Enter select",
            "F1 help",
            "F2 flip",
            "PgUp review",
            "Ctrl-D offer draw",
            "Ctrl-E claim",
            "Ctrl-R resign",
            "F8 take back",
            "Ctrl-P pause",
            "Ctrl-N new",
            "Ctrl-S save",
            "F6 games",
            "F3 theme",
            "F4 analyse",
            "F5 engine",
            "Ctrl-Q quit"
        ]
    );
    assert!(
        Action::Analyse.needs_game_over() && Action::EngineLines.needs_game_over(),
        "the footer of a game in progress leaves them out (ui::footer)"
    );
    let game_over: Vec<String> = super::footer(KeyContext::GameOver)
        .iter()
        .map(|(k, l)| format!("{k} {l}"))
        .collect();
    assert_eq!(
        game_over,
        ["n new game", "m rematch", "r review", "q quit"],
        "the specific quit key replaces Ctrl-Q"
    );
}

#[test]
fn keys_are_written_readably() {
    assert_eq!(Key::ctrl('q').to_string(), "Ctrl-Q");
    assert_eq!(Key::plain(KeyCode::Char(' ')).to_string(), "Space");
    assert_eq!(Key::plain(KeyCode::PageUp).to_string(), "PgUp");
    let help = BINDINGS.iter().find(|b| b.action == Action::Help).unwrap();
    assert_eq!(keys_text(help), "F1, Ctrl-K");
}

#[test]
fn printable_keys_are_text_where_text_is_typed() {
    let n = press(KeyCode::Char('n'), KeyModifiers::NONE);
    assert_eq!(action_for(n, KeyContext::Form), Some(Action::Input('n')));
    assert_eq!(action_for(n, KeyContext::Grave), Some(Action::Input('n')));
    assert_eq!(action_for(n, KeyContext::GameOver), Some(Action::NewGame));
    let e = press(KeyCode::Char('e'), KeyModifiers::NONE);
    assert_eq!(action_for(e, KeyContext::Grave), Some(Action::Input('e')));
    assert_eq!(action_for(e, KeyContext::Confirm), None);
    // Typing on the ready screen starts the game with that character.
    assert_eq!(action_for(e, KeyContext::Ready), Some(Action::Input('e')));
}

#[test]
fn the_picker_takes_arrows_and_enter() {
    let enter = press(KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(
        action_for(enter, KeyContext::Promotion),
        Some(Action::Select)
    );
    let left = press(KeyCode::Left, KeyModifiers::NONE);
    assert_eq!(
        action_for(left, KeyContext::Promotion),
        Some(Action::CursorLeft)
    );
}
