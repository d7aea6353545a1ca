//! The app in a seat across the network, driven by the host's messages as the edge hands
//! them in (no socket here): it plays only its own colour, shows its move at once and takes it
//! back when the host refuses it, leaves endings to the host, and sends what it does.

use std::time::Duration;

use super::{act, config, enter, ms, s};
use crate::app::keymap::Action;
use crate::app::network::NetSetup;
use crate::app::{App, Effect, Event, Mode};
use crate::game::pgn::Tags;
use crate::game::{Game, GameSetup};
use crate::remote::{Action as Act, Clocks, Msg, NetEvent, Notice, Seat, Snapshot};
use crate::rules::Color;

/// The host's game after `moves` (UCI), as its welcome or a resync carries it.
fn snapshot(setup: GameSetup, moves: &[&str], running: bool) -> Snapshot {
    let mut game = Game::new(setup);
    for m in moves {
        let mv = game.position().parse_move(m).unwrap();
        game.play(mv, Duration::ZERO).unwrap();
    }
    let ms = |c| {
        game.clock()
            .remaining(c, Duration::ZERO)
            .map(|d: Duration| d.as_millis() as u64)
    };
    Snapshot {
        pgn: game.to_pgn(Duration::ZERO, &Tags::default()),
        clocks: Clocks {
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
            lag_ms: [0, 0],
        },
        running,
        takeback_asked: None,
        connected: [true, true],
    }
}

/// The host's word that White offers a draw, after `moves`, with the offer in its game.
fn white_offers_after(app: &mut App, moves: &[&str]) {
    let mut offered = snapshot(GameSetup::default(), moves, false);
    let mut game = Game::new(GameSetup::default());
    for m in moves {
        let mv = game.position().parse_move(m).unwrap();
        game.play(mv, Duration::ZERO).unwrap();
    }
    game.offer_draw(Color::White, Duration::ZERO).unwrap();
    offered.pgn = game.to_pgn(Duration::ZERO, &Tags::default());
    net(
        app,
        Msg::Sync {
            snapshot: offered,
            notice: Notice::DrawOffered(Seat::White),
        },
    );
}

pub(super) fn net(app: &mut App, msg: Msg) {
    net_event(app, NetEvent::Msg(msg));
}

fn net_event(app: &mut App, event: NetEvent) {
    app.update(Event::Net(event), app.now);
}

/// A joiner's app, welcomed to `seat` of the game after `moves`.
pub(super) fn seated(seat: Seat, moves: &[&str]) -> App {
    let mut config = config(GameSetup::default());
    config.network = Some(NetSetup::default());
    let mut app = App::new(config);
    net(
        &mut app,
        Msg::Welcome {
            seat,
            snapshot: snapshot(GameSetup::default(), moves, false),
        },
    );
    app
}

/// The host's word that Black mated in four (the fool's mate).
fn fools_mate_from_the_host(app: &mut App) {
    let mut over = snapshot(
        GameSetup::default(),
        &["f2f3", "e7e5", "g2g4", "d8h4"],
        false,
    );
    over.pgn = over.pgn.replace("*", "0-1");
    net(
        app,
        Msg::Sync {
            snapshot: over,
            notice: Notice::Ended,
        },
    );
}

/// The messages the app sent to the host since the last look.
pub(in crate::app) fn sent(app: &mut App) -> Vec<Msg> {
    app.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Net(msg) => Some(msg),
            _ => None,
        })
        .collect()
}

#[test]
fn the_welcome_puts_the_hosts_game_on_the_board_seen_from_the_players_side() {
    let app = seated(Seat::Black, &["e2e4"]);
    assert_eq!(app.game().record().plies(), 1);
    assert_eq!(app.view().board().orientation, Color::Black);
    assert_eq!(app.view().message().unwrap().text, "You play Black");
}

#[test]
fn the_other_sides_move_is_refused_on_the_screen_and_nothing_is_sent() {
    let mut app = seated(Seat::Black, &[]);
    sent(&mut app);
    // Typed at White's turn, a move is Black's premove: kept, not sent.
    enter(&mut app, "e4");
    assert_eq!(app.game().record().plies(), 0);
    assert!(app.view().message().unwrap().text.starts_with("Premove e4"));
    assert_eq!(sent(&mut app), []);
    act(&mut app, Action::Cancel);
    net_event(
        &mut app,
        NetEvent::Lost {
            why: "the host closed the connection".into(),
        },
    );
    act(&mut app, Action::Tick);
    net(
        &mut app,
        Msg::Moved {
            ply: 0,
            uci: "e2e4".into(),
            clocks: Clocks::default(),
        },
    );
    enter(&mut app, "e5");
    assert!(
        app.view()
            .message()
            .unwrap()
            .text
            .contains("connection to the host is lost")
    );
    assert_eq!(sent(&mut app), []);
    let mut watcher = seated(Seat::Watcher, &[]);
    enter(&mut watcher, "e4");
    assert!(
        watcher
            .view()
            .message()
            .unwrap()
            .text
            .starts_with("You are watching")
    );
    assert_eq!(sent(&mut watcher), []);
}

#[test]
fn a_move_shows_at_once_and_is_taken_back_when_the_host_refuses_it() {
    let mut app = seated(Seat::Black, &["e2e4"]);
    sent(&mut app);
    enter(&mut app, "e5");
    assert_eq!(app.game().record().plies(), 2, "shown at once");
    assert_eq!(
        sent(&mut app),
        [Msg::Act {
            ply: 1,
            action: Act::Move { uci: "e7e5".into() }
        }]
    );
    // At White's turn now: Nf6 waits as a premove, for a position the host may refuse.
    enter(&mut app, "Nf6");
    assert!(
        app.view()
            .message()
            .unwrap()
            .text
            .starts_with("Premove Nf6")
    );
    net(
        &mut app,
        Msg::Refused {
            reason: "the game changed before your move arrived".into(),
        },
    );
    assert_eq!(app.game().record().plies(), 1, "taken back");
    assert_eq!(
        app.view().message().unwrap().text,
        "The host refused it: the game changed before your move arrived"
    );
}

#[test]
fn a_move_that_ends_the_game_comes_back_in_the_hosts_last_word_as_played() {
    // Fool's mate: Black's Qh4# ends the game, and the host answers with its whole game and
    // the news that it ended, not with the move alone.
    let mut app = seated(Seat::Black, &["f2f3", "e7e5", "g2g4"]);
    sent(&mut app);
    enter(&mut app, "Qh4#");
    let mut ended = snapshot(
        GameSetup::default(),
        &["f2f3", "e7e5", "g2g4", "d8h4"],
        false,
    );
    ended.running = false;
    net(
        &mut app,
        Msg::Sync {
            snapshot: ended,
            notice: Notice::Ended,
        },
    );
    assert!(app.game().is_over());
    assert_eq!(app.game().record().plies(), 4);
    let said = app
        .view()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(
        !said.contains("did not reach the host"),
        "the mate was played: {said}"
    );
}

#[test]
fn answers_go_to_the_host_and_the_opponents_requests_stand_on_the_status_line() {
    let mut app = seated(Seat::Black, &["e2e4", "e7e5"]);
    sent(&mut app);
    let with = |notice| Msg::Sync {
        snapshot: snapshot(GameSetup::default(), &["e2e4", "e7e5"], false),
        notice,
    };
    net(&mut app, with(Notice::TakebackAsked(Seat::White)));
    assert_eq!(app.mode(), &Mode::Playing);
    assert_eq!(
        app.view().questions().to_answer(),
        Some((crate::app::requests::Ask::Takeback, Color::White))
    );
    act(&mut app, Action::No);
    white_offers_after(&mut app, &["e2e4", "e7e5"]);
    assert_eq!(
        app.view().questions().to_answer(),
        Some((crate::app::requests::Ask::Draw, Color::White))
    );
    act(&mut app, Action::Yes);
    act(&mut app, Action::Resign);
    assert!(matches!(app.mode(), Mode::Resign(r) if r.color == Color::Black));
    act(&mut app, Action::Yes);
    let actions: Vec<Act> = sent(&mut app)
        .into_iter()
        .filter_map(|m| match m {
            Msg::Act { action, .. } => Some(action),
            _ => None,
        })
        .collect();
    assert_eq!(
        actions,
        [
            Act::AnswerTakeback { accept: false },
            Act::AcceptDraw,
            Act::Resign
        ]
    );
    assert!(!app.game().is_over(), "the host says when the game ends");
    enter(&mut app, "say  gg\x07 ");
    assert_eq!(
        sent(&mut app),
        [Msg::Act {
            ply: 2,
            action: Act::Say { text: "gg".into() }
        }]
    );
}

#[test]
fn a_pause_a_new_game_or_the_library_are_refused_across_the_network() {
    let mut app = seated(Seat::White, &[]);
    for action in [Action::Pause, Action::NewGame, Action::Library] {
        act(&mut app, action);
        assert_eq!(app.mode(), &Mode::Playing);
        assert_eq!(
            app.view().message().unwrap().kind,
            crate::app::MessageKind::Error
        );
    }
    // Nor after the game, from its box.
    fools_mate_from_the_host(&mut app);
    assert!(app.game().is_over());
    assert_eq!(app.mode(), &Mode::GameOver(crate::app::dialogs::GameOver));
    for action in [Action::NewGame, Action::Rematch] {
        act(&mut app, action);
        assert!(
            app.view()
                .message()
                .unwrap()
                .text
                .contains("across the network")
        );
        assert_eq!(app.game().record().plies(), 4, "the game stays");
    }
}

#[test]
fn the_box_after_a_network_game_offers_only_keys_that_work_there() {
    let mut app = seated(Seat::White, &[]);
    fools_mate_from_the_host(&mut app);
    let dialog = app.view().dialog().expect("the game-over box");
    let offered: Vec<String> = crate::app::keymap::footer(dialog.context)
        .iter()
        .map(|(k, l)| format!("{k} {l}"))
        .collect();
    assert_eq!(offered, ["r review", "q quit"]);
    assert_eq!(
        app.view().key_context(),
        dialog.context,
        "the footer says the same"
    );
    // Once letters are the box's keys again (not a move typed as the game ended), n and m
    // start nothing.
    app.update(Action::Tick, app.now + crate::app::TYPED_INTO_THE_END);
    for letter in ['n', 'm'] {
        super::key(&mut app, crossterm::event::KeyCode::Char(letter));
        assert_eq!(app.game().record().plies(), 4, "the game stays");
    }
    assert!(super::key(&mut app, crossterm::event::KeyCode::Char('r')));
    assert_eq!(app.mode(), &Mode::Playing);
    // Nor does the move box's reminder offer a new game.
    let feedback = app.view().feedback();
    let hint = app.view().prompt(&feedback).hint.text;
    assert!(hint.ends_with("type quit"), "{hint}");
}

#[test]
fn the_flag_is_the_hosts_to_call_not_this_screens_clock() {
    let tc: crate::game::timecontrol::TimeControl = "1+0".parse().unwrap();
    let setup = GameSetup {
        white_time: tc.clone(),
        black_time: tc,
        ..GameSetup::default()
    };
    let mut config = config(setup.clone());
    config.network = Some(NetSetup::default());
    let mut app = App::new(config);
    net(
        &mut app,
        Msg::Welcome {
            seat: Seat::Black,
            snapshot: snapshot(setup, &["e2e4"], true),
        },
    );
    assert_eq!(
        app.mode(),
        &Mode::Playing,
        "no ready screen: the host's clock runs"
    );
    app.update(Action::Tick, s(61));
    assert!(!app.game().is_over(), "only the host ends the game");
    app.update(Action::Tick, s(61) + ms(1));
    assert_eq!(app.game().clock().running(), Some(Color::Black));
}

#[test]
fn the_invitation_stays_until_the_friend_comes_and_invite_shows_it_again() {
    let mut config = config(GameSetup::default());
    config.network = Some(NetSetup {
        hosting: true,
        invitation: vec![
            "hotseat join hs1play".into(),
            "hotseat watch hs1watch".into(),
        ],
        resumed: false,
        host_color: Some(Color::White),
    });
    let mut app = App::new(config);
    let mut alone = snapshot(GameSetup::default(), &[], false);
    alone.connected = [true, false];
    net(
        &mut app,
        Msg::Welcome {
            seat: Seat::White,
            snapshot: alone,
        },
    );
    assert_eq!(app.mode(), &Mode::Invite(crate::app::dialogs::Invite));
    let lines = app.view().dialog().unwrap().lines.join("\n");
    // Each command whole on a line of its own, to be copied in one go.
    assert!(lines.contains("with:\nhotseat join hs1play\n"), "{lines}");
    assert!(lines.contains("with:\nhotseat watch hs1watch\n"), "{lines}");
    // Its foot says what its keys do there: close it, not start anything.
    let dialog = app.view().dialog().unwrap();
    let hints: Vec<String> = crate::app::dialog_hint_rows(dialog.context, 60)
        .concat()
        .iter()
        .map(|(_, k, l)| format!("{k} {l}"))
        .collect();
    assert_eq!(hints, ["Enter close"]);
    net_event(
        &mut app,
        NetEvent::PeerJoined {
            seat: Seat::Black,
            rejoined: false,
        },
    );
    assert_eq!(app.mode(), &Mode::Playing);
    assert_eq!(
        app.view().message().unwrap().text,
        "Black has joined the game"
    );
    enter(&mut app, "invite");
    assert_eq!(app.mode(), &Mode::Invite(crate::app::dialogs::Invite));
    assert_eq!(app.view().input(), "");
}

/// The knights out and back twice: the start position is on the board a third time when
/// Black's knight goes home again.
const SHUFFLE: [&str; 7] = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];

#[test]
fn a_claim_with_a_move_and_a_claim_now_are_the_hosts_to_grant() {
    let mut black = seated(Seat::Black, &SHUFFLE);
    sent(&mut black);
    enter(&mut black, "Ng8");
    assert!(
        matches!(black.mode(), Mode::ClaimWithMove(_)),
        "asked as at one keyboard"
    );
    act(&mut black, Action::Yes);
    assert_eq!(
        sent(&mut black),
        [Msg::Act {
            ply: 7,
            action: Act::MoveAndClaim { uci: "f6g8".into() }
        }]
    );
    assert!(!black.game().is_over(), "the host decides");

    let mut moves = SHUFFLE.to_vec();
    moves.push("f6g8");
    let mut white = seated(Seat::White, &moves);
    sent(&mut white);
    act(&mut white, Action::Claim);
    assert_eq!(
        sent(&mut white),
        [Msg::Act {
            ply: 8,
            action: Act::ClaimDraw
        }]
    );
    assert!(!white.game().is_over());
}

#[test]
fn a_takeback_across_the_network_names_the_moves_it_undoes() {
    let with = |moves: &[&str], notice| Msg::Sync {
        snapshot: snapshot(GameSetup::default(), moves, false),
        notice,
    };
    // White just moved: its move alone.
    let mut app = seated(Seat::Black, &["e2e4", "e7e5", "d1h5"]);
    net(
        &mut app,
        with(
            &["e2e4", "e7e5", "d1h5"],
            Notice::TakebackAsked(Seat::White),
        ),
    );
    assert!(
        app.view()
            .prompt(&app.view().feedback())
            .hint
            .text
            .contains("White asks to take back 2. Qh5 · Black: F8 agrees"),
        "{}",
        app.view().status().text
    );
    act(&mut app, Action::No);
    net(
        &mut app,
        with(
            &["e2e4", "e7e5", "d1h5"],
            Notice::TakebackDeclined(Seat::Black),
        ),
    );
    assert_eq!(
        app.view().message().unwrap().text,
        "Black does not agree to take back 2. Qh5"
    );
    // Black has replied since: White's move goes with the reply.
    let mut app = seated(Seat::Black, &["e2e4", "e7e5", "d1h5", "b8c6"]);
    net(
        &mut app,
        with(
            &["e2e4", "e7e5", "d1h5", "b8c6"],
            Notice::TakebackAsked(Seat::White),
        ),
    );
    assert!(
        app.view()
            .prompt(&app.view().feedback())
            .hint
            .text
            .contains("White asks to take back 2. Qh5 and 2... Nc6 · "),
        "{}",
        app.view().status().text
    );
    // The asker's own screen says what it asked for.
    let mut app = seated(Seat::White, &["e2e4"]);
    net(
        &mut app,
        with(&["e2e4"], Notice::TakebackAsked(Seat::White)),
    );
    assert_eq!(
        app.view().message().unwrap().text,
        "You ask to take back 1. e4; Black is asked"
    );
}

#[test]
fn the_panel_calls_this_side_you_and_a_side_not_joined_yet_so_without_a_lag() {
    let mut config = config(GameSetup::default());
    config.network = Some(NetSetup::default());
    let mut app = App::new(config);
    let mut first = snapshot(GameSetup::default(), &[], false);
    first.connected = [true, false];
    net(
        &mut app,
        Msg::Welcome {
            seat: Seat::White,
            snapshot: first,
        },
    );
    assert_eq!(
        app.network().unwrap().status_lines(app.now),
        ["Black: not joined yet", "White: you · lag 0 ms"]
    );
}

#[test]
fn a_side_whose_terminal_is_gone_shows_no_lag() {
    let mut app = seated(Seat::White, &[]);
    net_event(
        &mut app,
        NetEvent::Lost {
            why: "connection reset".to_owned(),
        },
    );
    let later = app.now + ms(1200);
    app.update(Action::Tick, later);
    let lines = app.network().unwrap().status_lines(app.now);
    assert_eq!(lines[1], "Black: gone since 0:01.2", "{lines:?}");
    assert_eq!(lines[2], "White: you · lag 0 ms");
}

#[test]
fn a_letter_typed_as_the_host_ends_the_game_does_not_quit_this_screen() {
    let mut app = seated(Seat::White, &[]);
    act(&mut app, Action::Input('q'));
    fools_mate_from_the_host(&mut app);
    assert_eq!(app.mode(), &Mode::GameOver(crate::app::dialogs::GameOver));
    super::key(&mut app, crossterm::event::KeyCode::Char('q'));
    assert!(!app.should_quit(), "the q of a move quit the joiner");
}

#[test]
fn quitting_says_the_way_back_across_the_network_and_a_watcher_just_leaves() {
    let mut config = config(GameSetup::default());
    config.network = Some(NetSetup::default());
    config.autosave = true;
    let mut player = App::new(config);
    net(
        &mut player,
        Msg::Welcome {
            seat: Seat::Black,
            snapshot: snapshot(GameSetup::default(), &["e2e4"], false),
        },
    );
    assert!(player.view().saving().autosaving());
    act(&mut player, Action::Quit);
    assert_eq!(player.mode(), &Mode::Quit(crate::app::dialogs::Quit));
    let lines = player.view().dialog().unwrap().lines.join(" ");
    assert!(
        lines.contains("`hotseat join` with the same invitation takes your seat back"),
        "{lines}"
    );
    assert!(!lines.contains("resume it next time"), "{lines}");

    let mut watcher = seated(Seat::Watcher, &["e2e4"]);
    act(&mut watcher, Action::Quit);
    assert!(watcher.should_quit(), "nothing to lose: no question");
}

/// Black's own take-back request waits at the host when White offers a draw: the offer is put
/// to Black all the same, and Esc declines it.
#[test]
fn an_offer_made_while_this_sides_takeback_waits_is_still_put_to_it() {
    let mut app = seated(Seat::Black, &["e2e4", "e7e5"]);
    let moves = ["e2e4", "e7e5"];
    net(
        &mut app,
        Msg::Sync {
            snapshot: snapshot(GameSetup::default(), &moves, false),
            notice: Notice::TakebackAsked(Seat::Black),
        },
    );
    assert_eq!(app.view().questions().to_answer(), None);
    white_offers_after(&mut app, &moves);
    assert_eq!(
        app.view().questions().to_answer(),
        Some((crate::app::requests::Ask::Draw, Color::White))
    );
    let hint = app.view().prompt(&app.view().feedback()).hint.text;
    assert!(hint.contains("White offers a draw"), "{hint}");
    sent(&mut app);
    act(&mut app, Action::Cancel);
    assert!(sent(&mut app).iter().any(|m| matches!(
        m,
        Msg::Act {
            action: Act::DeclineDraw,
            ..
        }
    )));
}
