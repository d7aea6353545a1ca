//! The duel across the network at one screen: the host's states handed in as the network's
//! news, moves typed as a player types them, what is sent read from the effects.

use std::time::Duration;

use super::super::PuzzleStart;
use super::NetDuelSetup;
use crate::app::tests::network::sent;
use crate::app::tests::{act, config, enter, sans};
use crate::app::{App, Config, Effect, Event, Mode};
use crate::game::GameSetup;
use crate::net::duel::DuelReferee;
use crate::puzzle::{DuelRules, OnWrong, parse_row};
use crate::remote::{Action, DuelNews, Msg, NetEvent};

/// Mate in 1: Black's rook goes to b8, White's rook takes it with mate.
const MATE_IN_1: &str = "0DSAy,R4k2/1r3ppp/8/2nN4/8/1pP5/1P4PP/2K5 b - - 5 29,b7b8 a8b8,408,,,,hangingPiece mateIn1,https://lichess.org/FoQMju93/black#58,";

fn referee() -> DuelReferee {
    let p = parse_row(MATE_IN_1).unwrap();
    let rules = DuelRules {
        time: Duration::from_secs(60),
        puzzles: 2,
        on_wrong: OnWrong::Pass,
    };
    DuelReferee::new(rules, vec![p.clone(), p], ["Ann".into(), "Bob".into()]).unwrap()
}

/// A screen at the duel, welcomed by the host as `player`.
fn screen(r: &DuelReferee, player: u8, hosting: bool) -> App {
    let mut app = App::new(Config {
        puzzles: Some(PuzzleStart {
            net: Some(NetDuelSetup {
                hosting,
                invitation: if hosting {
                    vec!["hotseat join, then paste hs1…".into()]
                } else {
                    Vec::new()
                },
            }),
            ..PuzzleStart::default()
        }),
        ..config(GameSetup::default())
    });
    app.update(
        Event::Net(NetEvent::Msg(Msg::DuelWelcome {
            player: Some(player),
            state: Box::new(r.state(Duration::ZERO)),
        })),
        Duration::ZERO,
    );
    app
}

fn hear(app: &mut App, msg: Msg) {
    app.update(Event::Net(NetEvent::Msg(msg)), app.now);
}

fn text(app: &App) -> String {
    app.view()
        .message()
        .map(|m| m.text.clone())
        .unwrap_or_default()
}

#[test]
fn the_host_waits_with_the_invitation_and_the_duel_begins_when_the_opponent_comes() {
    let mut r = referee();
    let mut ann = screen(&r, 0, true);
    assert!(matches!(ann.mode(), Mode::Invite(_)));
    assert!(text(&ann).contains("Waiting for Bob"), "{}", text(&ann));
    let msg = crate::net::served::Served::set_connected(
        &mut r,
        crate::remote::Seat::Black,
        true,
        Duration::from_secs(1),
    );
    hear(&mut ann, msg);
    assert_eq!(ann.mode(), &Mode::Playing);
    assert!(text(&ann).contains("Bob is here · puzzle 1 of 2: your puzzle"));
    assert_eq!(sans(&ann), ["Rb8"]);
}

#[test]
fn a_move_out_of_turn_is_refused_inline_and_nothing_is_sent() {
    let mut r = referee();
    r.start(Duration::ZERO);
    let mut bob = screen(&r, 1, false);
    sent(&mut bob);
    enter(&mut bob, "Rxb8#");
    assert!(
        text(&bob).contains("It is Ann's puzzle: wait for yours"),
        "{}",
        text(&bob)
    );
    assert!(sent(&mut bob).is_empty());
    assert_eq!(sans(&bob), ["Rb8"], "the board is the host's, unchanged");
}

#[test]
fn a_move_at_ones_turn_goes_to_the_host_with_the_revision_and_the_answer_moves_the_turn() {
    let mut r = referee();
    r.start(Duration::ZERO);
    let mut ann = screen(&r, 0, true);
    sent(&mut ann);
    enter(&mut ann, "Rxb8#");
    let msgs = sent(&mut ann);
    let [Msg::Act { ply, action }] = msgs.as_slice() else {
        panic!("{msgs:?}")
    };
    assert_eq!(*ply, r.revision());
    let Action::Move { uci } = action else {
        panic!("{action:?}")
    };
    let answer = r.act(0, *ply, uci, Duration::from_secs(2)).unwrap();
    hear(&mut ann, answer);
    // Ann's attempt goes into her history, in this screen's database.
    let recorded: Vec<(String, bool)> = ann
        .take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Puzzles(super::super::PuzzleEffect::Record { player, won, .. }) => {
                Some((player, won))
            }
            _ => None,
        })
        .collect();
    assert_eq!(recorded, [("Ann".to_owned(), true)]);
    assert!(
        text(&ann).contains("Ann solved puzzle 1 · puzzle 2 of 2: Bob's puzzle"),
        "{}",
        text(&ann)
    );
    let title = super::duel(&ann).unwrap().title(ann.view().now());
    assert!(title.starts_with("Ann 0:58 1–0 ▶Bob 1:00 · 2/2"), "{title}");
}

#[test]
fn no_hints_or_next_in_a_duel_across_the_network_and_a_drop_is_said() {
    let mut r = referee();
    r.start(Duration::ZERO);
    let mut bob = screen(&r, 1, false);
    act(&mut bob, crate::app::keymap::Action::Hint);
    assert!(text(&bob).contains("No hints"), "{}", text(&bob));
    act(&mut bob, crate::app::keymap::Action::Puzzles);
    assert!(text(&bob).contains("goes on by itself"), "{}", text(&bob));
    bob.update(
        Event::Net(NetEvent::Dropped {
            why: "the host closed the connection".into(),
        }),
        bob.view().now(),
    );
    assert!(
        text(&bob).contains("connecting again; the clock of the player to solve runs on"),
        "{}",
        text(&bob)
    );
    let title = super::duel(&bob).unwrap().title(bob.view().now());
    assert!(title.ends_with("· connection lost"), "{title}");
    enter(&mut bob, "invite");
    assert!(
        text(&bob).contains("Only the host has invitations"),
        "{}",
        text(&bob)
    );
}

#[test]
fn the_joiners_screen_says_it_shows_the_duel_and_a_player_coming_again_is_back() {
    use crate::net::served::Served;
    use crate::remote::Seat;
    let mut r = referee();
    let mut ann = screen(&r, 0, true);
    let news = Served::set_connected(&mut r, Seat::Black, true, Duration::from_secs(1));
    hear(&mut ann, news);
    let mut bob = screen(&r, 1, false);
    // Bob's screen, welcomed to a duel not begun, says it shows it; nothing else is sent.
    let ready: Vec<Msg> = sent(&mut bob);
    assert_eq!(
        ready,
        [Msg::Act {
            ply: r.revision(),
            action: Action::Ready
        }]
    );
    assert!(
        sent(&mut ann).is_empty(),
        "the host's own screen is ready by itself"
    );
    // The host starts the first clock on that word, and both screens hear it.
    let revision = r.revision();
    let start = Served::act(
        &mut r,
        Seat::Black,
        revision,
        &Action::Ready,
        Duration::from_secs(2),
    )
    .unwrap();
    assert!(r.duel().running());
    hear(&mut ann, start.clone());
    hear(&mut bob, start);
    assert!(
        text(&ann).contains("Bob is here · puzzle 1 of 2: your puzzle"),
        "{}",
        text(&ann)
    );
    assert!(
        text(&bob).contains("puzzle 1 of 2: Ann's puzzle"),
        "{}",
        text(&bob)
    );
    // Bob's terminal goes and comes again: he is back, and his new screen sends no second
    // word (the duel has begun; its clocks run as they were).
    let gone = Served::set_connected(&mut r, Seat::Black, false, Duration::from_secs(3));
    hear(&mut ann, gone);
    let back = Served::set_connected(&mut r, Seat::Black, true, Duration::from_secs(4));
    hear(&mut ann, back);
    assert!(
        text(&ann).contains("Bob is back · puzzle 1 of 2"),
        "{}",
        text(&ann)
    );
    let mut bob = screen(&r, 1, false);
    assert!(sent(&mut bob).is_empty());
}

#[test]
fn a_players_own_coming_is_no_news_and_one_leaving_after_the_end_only_left() {
    let r = referee();
    let mut s = r.state(Duration::ZERO);
    let coming = DuelNews::Connection {
        player: 1,
        connected: true,
    };
    // Bob's own screen: only where the duel stands; Ann's: that Bob is here.
    assert_eq!(
        super::news_words(&s, &coming, Some(1), false, false, None),
        "puzzle 1 of 2: Ann's puzzle"
    );
    assert_eq!(
        super::news_words(&s, &coming, Some(0), false, true, None),
        "Bob is here · puzzle 1 of 2: your puzzle"
    );
    // Once over: nothing comes next, and a player leaving is told no clock runs on.
    s.over = true;
    assert_eq!(
        super::news_words(&s, &coming, Some(1), false, false, None),
        ""
    );
    let leaving = DuelNews::Connection {
        player: 1,
        connected: false,
    };
    assert_eq!(
        super::news_words(&s, &leaving, Some(0), false, true, None),
        "Bob left"
    );
}
