//! The notice for file problems (a bad file kept aside, a failed save), in front of everything until
//! dismissed.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::state::RecordsPass;
use crate::persistence::StoreNotices;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        store_notices.in_set(RecordsPass::Notices),
    );
}

/// File problems stay on screen, in front of everything, until the player has read them: plain words
/// first, the technical detail folded away.
fn store_notices(mut contexts: EguiContexts, mut notices: ResMut<StoreNotices>) -> Result {
    if notices.messages.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let width = (ctx.viewport_rect().width() - 40.0).clamp(200.0, 560.0);
    let mut dismissed = false;
    let words = crate::i18n::words_in(ctx).0;
    egui::Modal::new("file notices".into()).show(ctx, |ui| {
        ui.set_max_width(width);
        ui.heading(words.tr("records-file-problem"));
        ui.add_space(4.0);
        for notice in &notices.messages {
            ui.label(words.phrase(&notice.headline));
            if let Some(detail) = &notice.detail {
                egui::CollapsingHeader::new(words.tr("records-technical-detail"))
                    .id_salt(("file notice detail", &notice.headline))
                    .show(ui, |ui| {
                        ui.small(detail);
                    });
            }
            ui.add_space(6.0);
        }
        dismissed = ui.button(words.tr("records-ok")).clicked();
    });
    if dismissed {
        notices.dismiss();
    }
    Ok(())
}
