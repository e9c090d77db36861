//! Short labels for actions, for menus and logs.

use crate::Commander;
use crate::action::Action;
use crate::state::State;

impl Commander {
    /// A label for `action` in `state`.
    pub(crate) fn describe_action(&self, st: &State, action: &Action) -> String {
        let acting = st
            .stack
            .last()
            .map(|a| self.model_name(st, a.model))
            .unwrap_or_default();
        let plural = |n: u8| if n == 1 { "1 action" } else { "2 actions" };
        match *action {
            Action::AiActivate => "let the AI act".into(),
            Action::Activate(id) => format!("activate {}", self.model_name(st, id)),
            Action::Command(id) => format!("{acting}: command {} to act", self.model_name(st, id)),
            Action::Attack {
                weapon,
                target,
                actions,
            } => format!(
                "{acting}: attack {} with the {} ({})",
                self.model_name(st, target),
                self.catalog.weapon(weapon).name,
                plural(actions)
            ),
            Action::Mindspin { target, actions } => format!(
                "{acting}: Mindspin on {} ({})",
                self.model_name(st, target),
                plural(actions)
            ),
            Action::Run { to, actions } => format!("{acting}: run to {to} ({})", plural(actions)),
            Action::Climb { to, actions } => {
                format!("{acting}: climb to {to} ({})", plural(actions))
            }
            Action::Overwatch(w) => format!(
                "{acting}: Overwatch with the {}",
                self.catalog.weapon(w).name
            ),
            Action::HunkerDown => format!("{acting}: hunker down"),
            Action::Special {
                method,
                objective,
                actions,
            } => format!(
                "{acting}: {} the {} ({})",
                method.name(),
                st.objectives
                    .get(usize::from(objective))
                    .map_or("objective", |o| o.name.as_str()),
                plural(actions)
            ),
            Action::EndActivation => format!("{acting}: end the activation"),
            Action::ScatterTo(c) => format!("place the scatter point at {c}"),
            Action::Reveal(k) => format!(
                "reveal the Infiltrator at {}",
                st.markers
                    .get(usize::from(k))
                    .map_or_else(|| "a marker".to_string(), |m| m.cell.to_string())
            ),
            Action::StayHidden => "keep the Infiltrator hidden".into(),
            Action::FreeAttack(w) => {
                format!("free attack with the {}", self.catalog.weapon(w).name)
            }
            Action::DeclineFreeAttack => "let the free attack go".into(),
        }
    }
}
