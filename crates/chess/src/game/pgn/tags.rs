//! A game's PGN tags: name and value pairs in the order they were read or added, with the Seven
//! Tag Roster first when written, looked up without regard to case (files from other programs
//! write `FEN` as `Fen` or `fen`), and the one list of the tags the game writes itself.

use super::export::TAG_DRAW_OFFER;

/// The tags [`Game::to_pgn`](crate::game::Game::to_pgn) derives from the game itself: given
/// ones of these names (in any case) are dropped for the game's own, when a game is written and
/// when a game read from a file is kept for saving.
pub const DERIVED_TAGS: [&str; 14] = [
    "White",
    "Black",
    "Result",
    "TimeControl",
    "Termination",
    "Variant",
    "SetUp",
    "FEN",
    "WhiteClock",
    "BlackClock",
    "WhiteTimeControl",
    "BlackTimeControl",
    "TimeDelay",
    TAG_DRAW_OFFER,
];

/// The Seven Tag Roster, in the order PGN export writes it.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// PGN tag pairs, in order.
///
/// ```
/// use hotseat_chess::game::pgn::Tags;
/// let mut tags = Tags::new();
/// tags.push("Annotator", "Ann");
/// tags.push("fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// tags.push("Event", "Club match");
/// assert_eq!(tags.get("FEN"), Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
/// let names: Vec<&str> = tags.roster_first().map(|(name, _)| name).collect();
/// assert_eq!(names, ["Event", "Annotator", "fen"]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(Vec<(String, String)>);

impl Tags {
    pub const fn new() -> Tags {
        Tags(Vec::new())
    }

    /// The value of the first tag called `name`, in any case.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Takes the value of the first tag called `name`, in any case, leaving it empty.
    pub(crate) fn take(&mut self, name: &str) -> Option<String> {
        self.0
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| std::mem::take(v))
    }

    /// Whether a tag called `name` (in any case) is there.
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Adds a tag at the end.
    pub fn push(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.0.push((name.into(), value.into()));
    }

    /// The tags in order, as they were read or added.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The tags as PGN export orders them: those of the roster present in roster order, then
    /// the others in their own order.
    pub fn roster_first(&self) -> impl Iterator<Item = (&str, &str)> {
        let in_roster = |name: &str| ROSTER.iter().any(|r| r.eq_ignore_ascii_case(name));
        let roster = ROSTER
            .iter()
            .filter_map(|&name| self.0.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)));
        let others = self.0.iter().filter(move |(k, _)| !in_roster(k));
        roster.chain(others).map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// These tags without those the game derives itself ([`DERIVED_TAGS`]) and without
    /// `others`, names compared in any case.
    pub fn without_derived(&self, others: &[&str]) -> Tags {
        let dropped = |name: &str| {
            DERIVED_TAGS
                .iter()
                .chain(others)
                .any(|d| d.eq_ignore_ascii_case(name))
        };
        self.0
            .iter()
            .filter(|(k, _)| !dropped(k))
            .cloned()
            .collect()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The pairs, for the writer.
    pub fn into_pairs(self) -> Vec<(String, String)> {
        self.0
    }
}

impl FromIterator<(String, String)> for Tags {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(iter: I) -> Tags {
        Tags(iter.into_iter().collect())
    }
}

impl From<Vec<(String, String)>> for Tags {
    fn from(pairs: Vec<(String, String)>) -> Tags {
        Tags(pairs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Tags {
        pairs
            .iter()
            .map(|&(k, v)| (k.to_owned(), v.to_owned()))
            .collect()
    }

    #[test]
    fn look_up_ignores_case_and_takes_the_first() {
        let t = tags(&[("white", "Ann"), ("White", "Bob")]);
        assert_eq!(t.get("WHITE"), Some("Ann"));
        assert!(t.contains("White"));
        assert_eq!(t.get("Black"), None);
    }

    #[test]
    fn order_is_kept_and_the_roster_comes_first() {
        let t = tags(&[
            ("Annotator", "x"),
            ("Result", "1-0"),
            ("Event", "e"),
            ("ECO", "C20"),
        ]);
        let all: Vec<&str> = t.iter().map(|(k, _)| k).collect();
        assert_eq!(all, ["Annotator", "Result", "Event", "ECO"]);
        let roster_first: Vec<&str> = t.roster_first().map(|(k, _)| k).collect();
        assert_eq!(roster_first, ["Event", "Result", "Annotator", "ECO"]);
    }

    #[test]
    fn derived_tags_are_dropped_in_any_case_with_the_others_named() {
        let t = tags(&[
            ("Event", "e"),
            ("fen", "x"),
            ("WhiteClock", "0:01:00"),
            ("HotseatDrawOffer", "White"),
            ("HotseatSaved", "now"),
            ("Site", "s"),
        ]);
        let kept = t.without_derived(&["HotseatSaved"]);
        assert_eq!(kept, tags(&[("Event", "e"), ("Site", "s")]));
        assert_eq!(t.without_derived(&[]).len(), 3);
    }
}
