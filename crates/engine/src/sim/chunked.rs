//! A list that grows a fixed-size chunk at a time, for the run's logs that grow with its jobs
//! (the attempts and the event list).
//!
//! A `Vec` grows by doubling: it copies its whole buffer into one twice as large, and while it
//! copies it holds both. At five million jobs the attempt log's last doubling alone put 0.2 GB
//! on the run's peak, and left room for 3.4 million attempts more than the run made
//! (docs/PERFORMANCE.md, "The CLI at one and five million jobs"). Chunks are never moved, and
//! only the last one has room to spare.

/// Items per chunk: 65,536, a few megabytes of attempts.
const CHUNK: usize = 1 << 16;

pub struct Chunked<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
}

impl<T> Chunked<T> {
    pub fn new() -> Self {
        Chunked {
            chunks: Vec::new(),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn push(&mut self, item: T) {
        if self.len.is_multiple_of(CHUNK) {
            self.chunks.push(Vec::with_capacity(CHUNK));
        }
        let last = self.chunks.last_mut().expect("a chunk with room");
        last.push(item);
        self.len += 1;
    }

    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.chunks.iter().flatten()
    }
}

impl<T> std::ops::Index<usize> for Chunked<T> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        &self.chunks[i / CHUNK][i % CHUNK]
    }
}

impl<T> std::ops::IndexMut<usize> for Chunked<T> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.chunks[i / CHUNK][i % CHUNK]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_keep_their_index_across_chunks() {
        let mut list = Chunked::new();
        for i in 0..2 * CHUNK + 3 {
            list.push(i);
        }
        assert_eq!(list.len(), 2 * CHUNK + 3);
        assert_eq!(list[CHUNK - 1], CHUNK - 1);
        assert_eq!(list[CHUNK], CHUNK);
        assert_eq!(list[2 * CHUNK + 2], 2 * CHUNK + 2);
        list[CHUNK] = 7;
        assert_eq!(list[CHUNK], 7);
        assert!(list
            .iter()
            .copied()
            .eq((0..2 * CHUNK + 3).map(|i| if i == CHUNK { 7 } else { i })));
    }
}
