//! The network window at the smallest size: it hangs where it is anchored, wholly on screen, with
//! Close and the form's action (Host, Join) in view however long the form under its tabs, and the
//! whole host form in view unscrolled; each acts from there.

#![cfg(test)]

use super::keyboard::click;
use super::*;
use crate::ui::network::{NetworkForms, WINDOW_TOP, forms_window_id};

#[test]
fn the_network_window_fits_the_smallest_screen_with_close_host_and_the_clock_in_view() {
    for language in LANGUAGES {
        let files = tempfile::tempdir().expect("a temporary folder");
        let mut app = app(language, (800, 560), files.path());
        app.world_mut().trigger(OpenNetworkForms);
        frames(&mut app);
        let words = app.world().resource::<crate::i18n::Words>().clone();
        let drawn = app.world().resource::<Drawn>().clone();
        let id = format!("{:?}", forms_window_id());
        let window = drawn
            .areas
            .iter()
            .find(|(name, _)| *name == id)
            .map(|(_, rect)| *rect)
            .unwrap_or_else(|| panic!("{language}: the window is shown: {:?}", drawn.areas));
        // Not pushed up by a form too tall for the screen, and clear of its bottom edge.
        assert!(
            (window.top() - WINDOW_TOP).abs() < 1.0 && window.bottom() <= 556.0,
            "{language}: the window lies at {window:?}"
        );
        // The whole host form, its clock last, in view unscrolled: nothing of it hides below.
        for key in ["net-close", "net-host-button", "new-game-time"] {
            in_view(&app, &words.tr(key), language);
        }
        // Both tabs on one row: a second row would take the form's room.
        let host_tab = in_view(&app, &words.tr("net-host-heading"), language);
        let join_tab = in_view(&app, &words.tr("net-join-heading"), language);
        assert!(
            (host_tab.top() - join_tab.top()).abs() < 1.0,
            "{language}: the tabs lie at {host_tab:?} and {join_tab:?}"
        );
        // Host with no port in its field: said in words, nothing hosted.
        app.world_mut()
            .resource_mut::<NetworkForms>()
            .type_port("no port");
        click(&mut app, &words.tr("net-host-button"));
        assert_eq!(
            app.world().resource::<Notice>().current(),
            Some(&Phrase::new("net-bad-port")),
            "{language}"
        );
        // The join form's Join takes Host's place, and Close stays where it was.
        let close = in_view(&app, &words.tr("net-close"), language);
        click(&mut app, &words.tr("net-join-heading"));
        assert_eq!(in_view(&app, &words.tr("net-close"), language), close);
        in_view(&app, &words.tr("net-join-button"), language);
        click(&mut app, &words.tr("net-join-button"));
        assert_eq!(
            app.world().resource::<Notice>().current(),
            Some(&Phrase::new("net-no-address")),
            "{language}: Join with no address says so"
        );
    }
}
