//! The steps of renju's tournament openings, as phases of the match. Each step belongs to the seat
//! that holds its colour when it comes (a swap hands the colours over):
//!
//! - **RIF**: the opener places stones 1–3 (one of the 26 openings); white may swap; white plays 4
//!   anywhere; black offers two fifth moves; white picks one and plays 6.
//! - **Yamaguchi**: as RIF, but the opener declares after stone 3 how many fifth moves black will
//!   offer.
//! - **Soosõrv-N**: as RIF, but after 4 white declares how many fifth moves (1 to N) will be
//!   offered, and black may swap again.
//! - **Taraguchi-N**: one stone at a time in growing central squares (1 on the centre, 2 in 3×3,
//!   3 in 5×5, 4 in 7×7), the other side may swap after each; then black either places 5 in the
//!   9×9 (declaring 1), white may swap, and the game goes on, or offers N fifth moves anywhere and
//!   white picks one.

use std::ops::RangeInclusive;
use std::time::Duration;

use tengen_engine::{Color, MAX_FIFTH_OFFERS, OpeningRule};

use crate::{Colours, Fact, OpeningPhase, PROPOSAL_STONES, Player, Refusal};

/// The fifth move is the last of every tournament opening's steps.
pub const FIFTH: usize = 5;

/// The colour of stone `number` (1 for the first): black's stones are the odd ones.
fn colour_of_stone(number: usize) -> Color {
    if number % 2 == 1 {
        Color::Black
    } else {
        Color::White
    }
}

/// What comes once stone `placed` is down and its placing step ends.
pub(crate) fn after_stones(
    rule: OpeningRule,
    placed: usize,
    colours: Colours,
    declared: Option<u8>,
) -> OpeningPhase {
    let seat = |c: Color| colours.seat_of(c);
    match (rule, placed) {
        (OpeningRule::Taraguchi(_), n) => OpeningPhase::Choosing {
            seat: seat(colour_of_stone(n).opponent()),
            after: n,
        },
        (OpeningRule::Yamaguchi, PROPOSAL_STONES) => OpeningPhase::Declaring {
            seat: seat(Color::Black),
            after: PROPOSAL_STONES,
        },
        (_, PROPOSAL_STONES) => OpeningPhase::Choosing {
            seat: seat(Color::White),
            after: PROPOSAL_STONES,
        },
        (OpeningRule::Soosorv(_), _) => OpeningPhase::Declaring {
            seat: seat(Color::White),
            after: placed,
        },
        (OpeningRule::Rif, _) => OpeningPhase::Offering {
            seat: seat(Color::Black),
            count: 2,
        },
        (_, _) => OpeningPhase::Offering {
            seat: seat(Color::Black),
            count: declared.unwrap_or(1),
        },
    }
}

/// What comes once the colours were chosen after `after` stones (`colours` as they stand now).
pub(crate) fn after_choice(
    rule: OpeningRule,
    after: usize,
    colours: Colours,
    declared: Option<u8>,
) -> OpeningPhase {
    let seat = |c: Color| colours.seat_of(c);
    match rule {
        OpeningRule::Taraguchi(_) if after < 4 => OpeningPhase::Placing {
            seat: seat(colour_of_stone(after + 1)),
            until: after + 1,
        },
        OpeningRule::Taraguchi(_) if after == 4 => OpeningPhase::Declaring {
            seat: seat(Color::Black),
            after,
        },
        OpeningRule::Taraguchi(_) => OpeningPhase::Settled,
        OpeningRule::Soosorv(_) if after > PROPOSAL_STONES => OpeningPhase::Offering {
            seat: seat(Color::Black),
            count: declared.unwrap_or(1),
        },
        _ => OpeningPhase::Placing {
            seat: seat(Color::White),
            until: PROPOSAL_STONES + 1,
        },
    }
}

/// The counts `rule` lets the seat declare after `after` stones: Yamaguchi and Soosõrv-N any number
/// up to their most; Taraguchi-N 1 (black places the fifth itself) or N.
pub fn declarable(rule: OpeningRule) -> Vec<u8> {
    let range = |r: RangeInclusive<u8>| r.collect();
    match rule {
        OpeningRule::Yamaguchi => range(1..=MAX_FIFTH_OFFERS),
        OpeningRule::Soosorv(n) => range(1..=n),
        OpeningRule::Taraguchi(n) if n > 1 => vec![1, n],
        OpeningRule::Taraguchi(_) => vec![1],
        _ => Vec::new(),
    }
}

/// What comes once `count` was declared after `after` stones.
pub(crate) fn after_declaring(
    rule: OpeningRule,
    after: usize,
    colours: Colours,
    count: u8,
) -> OpeningPhase {
    let seat = |c: Color| colours.seat_of(c);
    match rule {
        OpeningRule::Taraguchi(_) if count == 1 => OpeningPhase::Placing {
            seat: seat(Color::Black),
            until: FIFTH,
        },
        OpeningRule::Taraguchi(_) => OpeningPhase::Offering {
            seat: seat(Color::Black),
            count,
        },
        OpeningRule::Soosorv(_) => OpeningPhase::Choosing {
            seat: seat(Color::Black),
            after,
        },
        _ => OpeningPhase::Choosing {
            seat: seat(Color::White),
            after,
        },
    }
}

/// Whether `phase` can stand in a tournament opening of `rule` with `moves` stones on the board.
pub(crate) fn fits(phase: OpeningPhase, rule: OpeningRule, moves: usize) -> bool {
    let taraguchi = matches!(rule, OpeningRule::Taraguchi(_));
    match phase {
        OpeningPhase::Settled => true,
        OpeningPhase::Placing { until, .. } => {
            let step = if taraguchi {
                (1..=FIFTH).contains(&until)
            } else {
                until == PROPOSAL_STONES || until == PROPOSAL_STONES + 1
            };
            step && moves <= until && moves >= OpeningPhase::step_start(rule, until)
        }
        OpeningPhase::Choosing { after, .. } => {
            let step = if taraguchi {
                (1..=FIFTH).contains(&after)
            } else {
                after == PROPOSAL_STONES
                    || (matches!(rule, OpeningRule::Soosorv(_)) && after == PROPOSAL_STONES + 1)
            };
            step && moves == after
        }
        OpeningPhase::Declaring { after, .. } => match rule {
            OpeningRule::Yamaguchi => after == PROPOSAL_STONES && moves == after,
            OpeningRule::Soosorv(_) | OpeningRule::Taraguchi(_) => after == 4 && moves == after,
            _ => false,
        },
        OpeningPhase::Offering { count, .. } => {
            moves == FIFTH - 1 && (1..=MAX_FIFTH_OFFERS).contains(&count)
        }
        OpeningPhase::Selecting { .. } => moves == FIFTH - 1,
    }
}

impl crate::Match {
    /// A tournament opening's stone lands within its rule's square.
    pub(crate) fn check_reach(&self, pos: tengen_engine::Pos) -> Result<(), crate::Refusal> {
        let number = self.game.moves().len() + self.game.setup().len() + 1;
        match self.setup.opening.stone_reach(number) {
            Some(reach) if !tengen_engine::within_reach(&self.game, pos, reach) => {
                Err(crate::Refusal::OutsideOpening {
                    number,
                    side: 2 * reach + 1,
                })
            }
            _ => Ok(()),
        }
    }

    /// The phase after the colours were chosen after `after` stones.
    pub(crate) fn after_choice(&self, after: usize) -> OpeningPhase {
        let rule = self.setup.opening;
        if rule.is_tournament() {
            after_choice(rule, after, self.colours, self.declared)
        } else {
            OpeningPhase::Settled
        }
    }

    /// Black offers `pos` as one of `count` fifth moves; the last one hands the pick to white.
    pub(crate) fn offer(
        &mut self,
        pos: tengen_engine::Pos,
        count: u8,
        now: Duration,
    ) -> Result<Vec<Fact>, Refusal> {
        self.game.check(pos).map_err(crate::refusal_of)?;
        if self.offers.contains(&pos) {
            return Err(Refusal::AlreadyOffered);
        }
        if let Some(twin) = tengen_engine::symmetric_twin(&self.game, &self.offers, pos) {
            return Err(Refusal::SymmetricOffer(twin));
        }
        Ok(self.turn(now, true, |m, facts| {
            m.offers.push(pos);
            facts.push(Fact::Offered {
                pos,
                number: m.offers.len(),
            });
            if m.offers.len() >= usize::from(count) {
                m.opening = OpeningPhase::Selecting {
                    seat: m.colours.seat_of(Color::White),
                };
            }
        }))
    }

    /// White picks the offered `pos`: black plays it as the fifth move, and the opening is over (the
    /// offers are kept: the record shows them).
    pub(crate) fn select(
        &mut self,
        pos: tengen_engine::Pos,
        now: Duration,
    ) -> Result<Vec<Fact>, Refusal> {
        if !self.offers.contains(&pos) {
            return Err(Refusal::NotOffered);
        }
        self.game.check(pos).map_err(crate::refusal_of)?;
        Ok(self.turn(now, true, |m, facts| {
            let color = m.game.to_move();
            m.game.play(pos).expect("the offered point was checked");
            facts.push(Fact::Placed {
                pos,
                color,
                number: m.game.moves().len(),
            });
            // The offers stay as the record of the opening's steps.
            m.opening = OpeningPhase::Settled;
            m.opening_stones = m.game.moves().len();
        }))
    }

    /// The seat declaring says `count`.
    pub(crate) fn declare(
        &mut self,
        count: u8,
        by: Player,
        now: Duration,
    ) -> Result<Vec<Fact>, Refusal> {
        let OpeningPhase::Declaring { seat, after } = self.opening else {
            return Err(Refusal::NotChoosing);
        };
        if self.setup.seats.get(seat) != by {
            return Err(Refusal::NotYourTurn);
        }
        let rule = self.setup.opening;
        if !declarable(rule).contains(&count) {
            return Err(Refusal::BadDeclaration);
        }
        Ok(self.turn(now, true, |m, facts| {
            m.declared = Some(count);
            m.opening = after_declaring(rule, after, m.colours, count);
            facts.push(Fact::Declared { count });
        }))
    }

    /// Undo while a person offers fifth moves takes back the last offer: the offers are that
    /// person's own step. `None` when it is not that moment.
    pub(crate) fn withdraw_offer(&mut self, now: Duration) -> Option<Vec<Fact>> {
        let OpeningPhase::Offering { seat, .. } = self.opening else {
            return None;
        };
        if self.setup.seats.get(seat) != Player::Person || self.offers.is_empty() {
            return None;
        }
        self.undos += 1;
        Some(self.turn(now, false, |m, facts| {
            if let Some(pos) = m.offers.pop() {
                facts.push(Fact::OfferWithdrawn { pos });
            }
        }))
    }
}
