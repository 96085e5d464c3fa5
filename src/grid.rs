//! Rectangular character grids, the board of every problem here.

use crate::reader::{FormatError, InputRead};

/// An `n`×`m` grid of ASCII cells in row-major order. Cell ids are `row * m + col`, 0-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Rows.
    pub n: u32,
    /// Columns.
    pub m: u32,
    /// `n * m` cells, row-major.
    pub cells: Vec<u8>,
}

impl Grid {
    /// A grid filled with `fill`. Panics if `n * m` overflows `u32` (callers bound sizes).
    pub fn filled(n: u32, m: u32, fill: u8) -> Grid {
        let len = n.checked_mul(m).expect("grid size overflows u32");
        Grid {
            n,
            m,
            cells: vec![fill; len as usize],
        }
    }

    /// Number of cells.
    pub fn len(&self) -> u32 {
        self.n * self.m
    }

    /// True when the grid has no cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Cell id of (row, col), 0-based.
    pub fn id(&self, row: u32, col: u32) -> u32 {
        row * self.m + col
    }

    /// (row, col) of a cell id, 0-based.
    pub fn pos(&self, id: u32) -> (u32, u32) {
        (id / self.m, id % self.m)
    }

    /// Chessboard colour of a cell: `(row + col) % 2`.
    pub fn parity(&self, id: u32) -> u32 {
        let (r, c) = self.pos(id);
        (r + c) & 1
    }

    /// The cell's value.
    pub fn at(&self, id: u32) -> u8 {
        self.cells[id as usize]
    }

    /// Sets the cell's value.
    pub fn set(&mut self, id: u32, v: u8) {
        self.cells[id as usize] = v;
    }

    /// The up to four 4-neighbours of a cell, in the order up, left, right, down.
    pub fn neighbours(&self, id: u32) -> impl Iterator<Item = u32> {
        let (r, c) = self.pos(id);
        let (n, m) = (self.n, self.m);
        [
            (r > 0).then(|| id - m),
            (c > 0).then(|| id - 1),
            (c + 1 < m).then(|| id + 1),
            (r + 1 < n).then(|| id + m),
        ]
        .into_iter()
        .flatten()
    }

    /// Reads `n` lines of exactly `m` cells from `allowed`, each followed by a line end (with a
    /// [`crate::reader::StrictReader`]; with a [`crate::reader::TolerantReader`], `n` tokens of
    /// `m` cells). `name` names a row in errors, e.g. `maze row`.
    pub fn read_strict<'a>(
        r: &mut impl InputRead<'a>,
        n: u32,
        m: u32,
        allowed: &[u8],
        name: &str,
    ) -> Result<Grid, FormatError> {
        let mut cells = Vec::with_capacity(n as usize * m as usize);
        for row in 0..n {
            let line = r.read_chars(m as usize, allowed, &format!("{name} {}", row + 1))?;
            cells.extend_from_slice(line);
            r.read_eoln()?;
        }
        Ok(Grid { n, m, cells })
    }

    /// Appends the rows, each followed by `\n`.
    pub fn write_rows(&self, out: &mut Vec<u8>) {
        for row in self.cells.chunks(self.m.max(1) as usize) {
            out.extend_from_slice(row);
            out.push(b'\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_respect_borders() {
        let g = Grid::filled(2, 3, b'.');
        assert_eq!(g.neighbours(0).collect::<Vec<_>>(), vec![1, 3]);
        assert_eq!(g.neighbours(4).collect::<Vec<_>>(), vec![1, 3, 5]);
        assert_eq!(g.neighbours(5).collect::<Vec<_>>(), vec![2, 4]);
        let line = Grid::filled(1, 1, b'.');
        assert_eq!(line.neighbours(0).count(), 0);
        assert_eq!(g.pos(5), (1, 2));
        assert_eq!(g.parity(4), 0);
    }
}
