//! The round-robin schedule: every pairing of the entrants plays the same number of games, each
//! opening once with each colour, the pairings taking turns so that a stopped tournament has met
//! every pairing about equally.

/// One game of the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scheduled {
    /// 1-based, in the order the games are started.
    pub number: usize,
    /// Entrants' indices.
    pub black: usize,
    pub white: usize,
    /// Index into the openings.
    pub opening: usize,
}

/// The schedule of `entrants` playing `games` games per pairing over `openings` openings: each
/// pairing plays opening `k` first with the lower entrant as black, then with colours swapped,
/// `k` going round the openings; an odd `games` ends with one colour of the last opening.
pub fn round_robin(entrants: usize, games: usize, openings: usize) -> Vec<Scheduled> {
    let pairings: Vec<(usize, usize)> = (0..entrants)
        .flat_map(|a| (a + 1..entrants).map(move |b| (a, b)))
        .collect();
    let mut schedule = Vec::with_capacity(pairings.len() * games);
    for round in 0..games.div_ceil(2) {
        let opening = if openings == 0 { 0 } else { round % openings };
        for colour in 0..2 {
            if round * 2 + colour >= games {
                continue;
            }
            for &(a, b) in &pairings {
                let (black, white) = if colour == 0 { (a, b) } else { (b, a) };
                schedule.push(Scheduled {
                    number: schedule.len() + 1,
                    black,
                    white,
                    opening,
                });
            }
        }
    }
    schedule
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pairing_plays_its_games_with_both_colours() {
        let schedule = round_robin(3, 4, 10);
        assert_eq!(schedule.len(), 12);
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let met: Vec<&Scheduled> = schedule
                .iter()
                .filter(|g| (g.black, g.white) == (a, b) || (g.black, g.white) == (b, a))
                .collect();
            assert_eq!(met.len(), 4, "{a}-{b}");
            let a_black = met.iter().filter(|g| g.black == a).count();
            assert_eq!(a_black, 2, "{a}-{b} colours");
            // Each opening is played once with each colour.
            for opening in [0, 1] {
                let with: Vec<_> = met.iter().filter(|g| g.opening == opening).collect();
                assert_eq!(with.len(), 2);
                assert_ne!(with[0].black, with[1].black);
            }
        }
        let numbers: Vec<usize> = schedule.iter().map(|g| g.number).collect();
        assert_eq!(numbers, (1..=12).collect::<Vec<_>>());
        // The pairings take turns: the first three games are the three pairings.
        assert_eq!(
            schedule[..3]
                .iter()
                .map(|g| (g.black, g.white))
                .collect::<Vec<_>>(),
            [(0, 1), (0, 2), (1, 2)]
        );
    }

    #[test]
    fn odd_games_and_few_openings_still_fill_the_schedule() {
        let schedule = round_robin(2, 3, 1);
        assert_eq!(schedule.len(), 3);
        assert!(schedule.iter().all(|g| g.opening == 0));
        assert_eq!(
            schedule.iter().map(|g| g.black).collect::<Vec<_>>(),
            [0, 1, 0]
        );
        assert!(round_robin(1, 4, 3).is_empty());
        assert!(round_robin(4, 0, 3).is_empty());
        assert_eq!(round_robin(4, 2, 0).len(), 12);
    }
}
