#!/bin/sh
# How the plain mode's answers sound: one whole game through `hotseat --plain`, each answer
# spoken by espeak-ng (from the OS packages: apt-get install espeak-ng sox).
#
#   examples/speak.sh            phonemes of every answer, then the length of the speech
#   examples/speak.sh --play     the same, and plays the WAV (aplay or play)
#   ANNOUNCE=words examples/speak.sh    moves in words alone (--announce; both by default)
#
# It prints, for each line hotseat said, the line and the phonemes espeak-ng speaks for it
# (`-q -x`), so that what a listener hears can be read: the notation in square brackets should
# cost no words (espeak-ng, like screen readers at their usual punctuation level, does not say
# brackets, but does say what is inside them), and every sentence should be short. Then it
# writes all the answers as one WAV file and measures it with sox.
set -eu
cd "$(dirname "$0")/.."
command -v espeak-ng >/dev/null || { echo "needs espeak-ng: apt-get install espeak-ng" >&2; exit 2; }
[ -x target/debug/hotseat ] || cargo build --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A game with castling on both sides, en passant, a promotion, a draw offer declined, a refused
# move and the reading commands; then a second game to mate.
play() {
    env HOME="$work" XDG_CONFIG_HOME="$work/config" \
        target/debug/hotseat --plain --new --announce "${ANNOUNCE:-both}" \
        --data-dir "$work/data" >> "$work/said.txt" 2>&1 || true
}
printf '%s\n' "e4 d5" "e5 f5" "exf6" "Nc6" "fxg7 Be6" "gxh8=Q" "Qd7" "Nf3 O-O-O" \
    "draw" "Be2" "no" "Nf6" "O-O" "Ke3" "s e4" "from f6" "p n" "c" "b" | play
printf '%s\n' "e4 e5" "Bc4 Nc6" "Qh5 Nf6" "Qxf7#" | play
while IFS= read -r line; do
    printf '%s\n    %s\n' "$line" "$(espeak-ng -q -x "$line" | tr '\n' ' ')"
done < "$work/said.txt"
espeak-ng -f "$work/said.txt" -w "$work/said.wav"
lines=$(wc -l < "$work/said.txt")
words=$(wc -w < "$work/said.txt")
if command -v soxi >/dev/null; then
    secs=$(soxi -D "$work/said.wav")
    echo "$lines lines, $words words, $secs seconds of speech at espeak-ng's default rate"
else
    echo "$lines lines, $words words (install sox to measure the speech)"
fi
if [ "${1:-}" = "--play" ]; then
    (command -v aplay >/dev/null && aplay -q "$work/said.wav") || play -q "$work/said.wav"
fi
