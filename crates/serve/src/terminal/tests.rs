use super::*;
use crossterm::event::{KeyCode, KeyModifiers};

fn read(bytes: &[&[u8]]) -> Vec<AppEvent> {
    let mut keys = Keys::default();
    for packet in bytes {
        keys.feed(packet);
    }
    keys.early
}

fn code(event: &AppEvent) -> Option<(KeyCode, KeyModifiers)> {
    match event {
        AppEvent::Key(key) => Some((key.code, key.modifiers)),
        _ => None,
    }
}

#[test]
fn letters_arrows_and_enter_are_keys() {
    let events = read(&[b"e4\r", b"\x1b[A"]);
    let codes: Vec<_> = events.iter().filter_map(code).map(|(c, _)| c).collect();
    assert_eq!(
        codes,
        [
            KeyCode::Char('e'),
            KeyCode::Char('4'),
            KeyCode::Enter,
            KeyCode::Up
        ]
    );
}

#[test]
fn an_escape_alone_is_the_escape_key_and_a_sequence_split_across_packets_is_one_key() {
    let events = read(&[b"\x1b"]);
    assert_eq!(
        events.iter().filter_map(code).next().unwrap().0,
        KeyCode::Esc
    );
    let events = read(&[b"\x1b[", b"1;5C"]);
    assert_eq!(
        events.iter().filter_map(code).collect::<Vec<_>>(),
        [(KeyCode::Right, KeyModifiers::CONTROL)]
    );
}

#[test]
fn garbage_costs_nothing_and_the_keys_after_it_are_read() {
    let mut keys = Keys::default();
    let garbage: Vec<u8> = (0..10_000u32).map(|i| (i * 7919 % 251) as u8).collect();
    keys.feed(&garbage);
    assert!(keys.partial.len() < MAX_SEQUENCE);
    assert!(keys.early.len() <= EARLY);
    keys.early.clear();
    keys.partial.clear();
    // A moment later (the garbage's events spent the rate's budget).
    keys.rate.at -= std::time::Duration::from_secs(1);
    keys.feed(b"q");
    assert_eq!(keys.early.len(), 1);
}

#[test]
fn a_flood_of_keys_reaches_the_game_no_faster_than_the_rate() {
    let (sender, rx) = hotseat::runtime::channel();
    let mut keys = Keys::default();
    keys.attach(sender);
    // A megabyte of keys at once: the game's queue gets the burst, not the megabyte.
    for _ in 0..1024 {
        keys.feed(&[b'a'; 1024]);
    }
    let queued = rx.try_iter().count();
    assert!(
        (Rate::BURST as usize..Rate::BURST as usize + 64).contains(&queued),
        "{queued} events queued"
    );
    // Typing at a person's pace goes through whole afterwards.
    keys.rate.at -= std::time::Duration::from_secs(1);
    keys.feed(b"e4\r");
    assert_eq!(rx.try_iter().count(), 3);
}

#[test]
fn a_storm_of_window_changes_redraws_within_its_budget_and_the_last_size_is_drawn() {
    let (sender, rx) = hotseat::runtime::channel();
    let mut keys = Keys::default();
    keys.attach(sender);
    let now = Instant::now();
    let mut waits = Vec::new();
    for i in 0..1000u16 {
        waits.extend(keys.resize(Size::new(80 + i % 100, 24), now));
    }
    let sizes = |rx: &std::sync::mpsc::Receiver<hotseat::runtime::Wake>| -> Vec<u16> {
        rx.try_iter()
            .filter_map(|wake| match wake {
                hotseat::runtime::Wake::Event(AppEvent::Action(Action::Resize {
                    width, ..
                })) => Some(width),
                _ => None,
            })
            .collect()
    };
    assert_eq!(sizes(&rx).len(), Rate::RESIZE_BURST as usize);
    // One wait asked for, whatever the number of sizes kept meanwhile.
    assert_eq!(waits.len(), 1);
    keys.resize_due(now + waits[0]);
    assert_eq!(sizes(&rx), [80 + 999 % 100]);
    // Nothing kept, nothing more.
    keys.resize_due(now + waits[0]);
    assert!(sizes(&rx).is_empty());
}

#[test]
fn a_bracketed_paste_longer_than_a_sequence_is_its_text_typed() {
    let line = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5";
    let pasted = [b"\x1b[200~".as_slice(), line.as_bytes(), b"\x1b[201~\r"].concat();
    // In one packet, and cut anywhere, even inside a mark.
    for cut in [pasted.len(), 3, 40, pasted.len() - 4] {
        let (a, b) = pasted.split_at(cut);
        let typed: String = read(&[a, b])
            .iter()
            .filter_map(code)
            .map(|(c, _)| match c {
                KeyCode::Char(c) => c,
                KeyCode::Enter => '\n',
                other => panic!("{other:?} in {cut}"),
            })
            .collect();
        assert_eq!(typed, format!("{line}\n"), "cut at {cut}");
    }
}

#[test]
fn a_mouse_click_is_the_pointer_at_its_cell() {
    // SGR mouse report: left button down at column 10, row 5 (1-based).
    let events = read(&[b"\x1b[<0;10;5M"]);
    assert!(matches!(
        events.as_slice(),
        [AppEvent::Action(Action::Pointer(p))] if p.column == 9 && p.row == 4
    ));
}

#[test]
fn the_line_editor_echoes_erases_and_ends() {
    let mut editor = LineEditor::default();
    let edited = editor.feed(b"e4x\x7f\r");
    assert_eq!(edited.lines, b"e4\n");
    assert_eq!(edited.echo, b"e4x\x08 \x08\r\n");
    assert!(!edited.ended);
    let edited = editor.feed("é\x7fNf3\rQ".as_bytes());
    assert_eq!(edited.lines, b"Nf3\n");
    assert!(editor.feed(b"\x03\x04").ended);
}

#[test]
fn lines_in_reads_the_chunks_then_ends() {
    use std::io::BufRead;
    let (tx, input) = LinesIn::new();
    tx.send(b"e4\nN".to_vec()).unwrap();
    tx.send(b"f3\n".to_vec()).unwrap();
    drop(tx);
    let lines: Vec<String> = io::BufReader::new(input)
        .lines()
        .map(Result::unwrap)
        .collect();
    assert_eq!(lines, ["e4", "Nf3"]);
}

/// A current-thread runtime, as the server's I/O is.
fn io_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn a_burst_of_frames_waits_for_room_in_the_queue_and_every_frame_arrives() {
    let runtime = io_runtime();
    let (queue, mut rx) = tokio::sync::mpsc::channel(4);
    let out = runtime.block_on(async { Output::new(queue, Duration::from_secs(30)) });
    // The session's thread: far more frames than the queue holds, at once (a paste).
    let session = std::thread::spawn(move || {
        let mut out = out;
        for i in 0..1000u32 {
            write!(out, "{i};").unwrap();
            out.flush().unwrap();
        }
        out.exit(0);
    });
    // The I/O thread sends them as it can.
    let frames = runtime.block_on(async move {
        let mut frames = Vec::new();
        while let Some(out) = rx.recv().await {
            match out {
                Out::Data(bytes) => frames.push(String::from_utf8(bytes).unwrap()),
                Out::Exit(_) => break,
                Out::Error(_) => {}
            }
            tokio::task::yield_now().await;
        }
        frames
    });
    session.join().unwrap();
    assert_eq!(frames.len(), 1000);
    assert_eq!(frames.last().map(String::as_str), Some("999;"));
}

#[test]
fn a_client_that_reads_nothing_fails_the_frame_after_the_stall() {
    let runtime = io_runtime();
    let (queue, _unread) = tokio::sync::mpsc::channel(4);
    let out = runtime.block_on(async { Output::new(queue, Duration::from_millis(100)) });
    let (done, failed) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        let mut out = out;
        let mut sent = 0;
        let err = loop {
            out.write_all(b"frame").unwrap();
            match out.flush() {
                Ok(()) => sent += 1,
                Err(e) => break e,
            }
        };
        let _ = done.send((sent, err.kind()));
    });
    let (sent, kind) = runtime.block_on(failed).unwrap();
    assert_eq!((sent, kind), (4, io::ErrorKind::WouldBlock));
}

#[test]
fn on_the_io_thread_a_full_queue_fails_at_once_rather_than_wait_on_itself() {
    let runtime = io_runtime();
    let (queue, _unread) = tokio::sync::mpsc::channel(2);
    runtime.block_on(async {
        let mut out = Output::new(queue, Duration::from_secs(3600));
        for _ in 0..2 {
            out.write_all(b"x").unwrap();
            out.flush().unwrap();
        }
        out.write_all(b"x").unwrap();
        assert_eq!(out.flush().unwrap_err().kind(), io::ErrorKind::WouldBlock);
    });
}

#[test]
fn sizes_are_kept_within_bounds() {
    assert_eq!(clamp_size(80, 24), Size::new(80, 24));
    assert_eq!(clamp_size(0, 100_000), Size::new(1, MAX_SIZE.height));
    assert_eq!(clamp_size(u32::MAX, 3), Size::new(MAX_SIZE.width, 3));
}
