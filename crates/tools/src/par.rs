//! Work spread over every core with the results in the items' order, so that a parallel step gives
//! exactly what the plain loop would (the trainer's features: a search board built per sample).

/// `items` mapped by `f` on every core, in order.
pub fn map_in_order<T: Sync, U: Send>(items: &[T], f: impl Fn(&T) -> U + Sync) -> Vec<U> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = items.len().div_ceil(cores).max(1);
    let f = &f;
    std::thread::scope(|scope| {
        let workers: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(f).collect::<Vec<U>>()))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_results_keep_the_items_order() {
        let items: Vec<u32> = (0..1001).collect();
        let squares = map_in_order(&items, |&x| u64::from(x) * u64::from(x));
        assert_eq!(
            squares,
            items
                .iter()
                .map(|&x| u64::from(x).pow(2))
                .collect::<Vec<_>>()
        );
        assert!(map_in_order(&[] as &[u8], |&x| x).is_empty());
    }
}
