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

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyCode, KeyModifiers};

    use super::Replace;
    use crate::app::tests::{app, key, press};
    use crate::app::{Effect, Event, ExportResult, FileEffect, Mode};

    /// The export asked for, if any.
    fn export(app: &mut crate::app::App) -> Option<(String, bool)> {
        app.take_effects().into_iter().find_map(|e| match e {
            Effect::Files(FileEffect::Export(job)) => Some((job.path, job.replace)),
            _ => None,
        })
    }

    #[test]
    fn n_goes_back_to_the_form_and_y_replaces_the_file() {
        let mut app = app();
        assert!(press(&mut app, KeyCode::Char('s'), KeyModifiers::CONTROL));
        let Mode::SaveAs(form) = app.mode().clone() else {
            panic!("{:?}", app.mode());
        };
        assert!(key(&mut app, KeyCode::Enter));
        assert_eq!(export(&mut app), Some((form.path.clone(), false)));
        app.update(Event::Exported(ExportResult::Exists), app.now);
        let asked = Mode::Replace(Replace { form: form.clone() });
        assert_eq!(app.mode(), &asked);
        assert!(key(&mut app, KeyCode::Char('n')));
        assert_eq!(app.mode(), &Mode::SaveAs(form.clone()));
        assert_eq!(export(&mut app), None);
        assert!(key(&mut app, KeyCode::Enter));
        assert_eq!(export(&mut app), Some((form.path.clone(), false)));
        app.update(Event::Exported(ExportResult::Exists), app.now);
        assert!(key(&mut app, KeyCode::Char('y')));
        assert_eq!(export(&mut app), Some((form.path.clone(), true)));
        assert_eq!(
            app.mode(),
            &Mode::SaveAs(form),
            "open until the front end reports"
        );
    }
}
