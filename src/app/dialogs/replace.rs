//! "Replace?": the file an export names exists. Yes writes over it; no goes back to the save
//! form, with the name as typed, to choose another.

use std::time::Duration;

use super::{Look, Mode, Popup, question_default, text_box};
use crate::app::keymap::{Action, KeyContext};
use crate::app::{App, SaveForm};

/// The export of `form` waits: replace its file?
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replace {
    pub form: SaveForm,
}

impl Popup for Replace {
    fn keys(&self) -> KeyContext {
        KeyContext::Confirm
    }

    fn update(self, app: &mut App, action: Action, now: Duration) {
        match action {
            Action::Yes => app.export(self.form, true, now),
            Action::No | Action::Cancel => app.mode = Mode::SaveAs(self.form),
            _ => question_default(app, action),
        }
    }

    fn look<'a>(&'a self, _app: &'a App) -> Option<Look<'a>> {
        text_box(
            "Replace?",
            vec![
                format!("{} already exists.", self.form.path),
                "Replace it?".to_owned(),
            ],
            KeyContext::Confirm,
        )
    }
}
