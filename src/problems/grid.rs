//! Rectangular character grids, the board of every problem here.

use crate::core::reader::{FormatError, InputRead};
use crate::problem::Bounds;
use crate::problem::InputSummary;

/// Reads a grid's dimensions `N M` (one space between them, read as `r` reads) under `bounds`:
/// `n` and `m`, and `cells` for their product when declared; `names` are N's and M's names in
/// messages. The bounds are narrowed to what a [`Grid`] holds and a grid problem means (N, M ≥ 1
/// and N·M ≤ `u32::MAX`), so that a `problem.toml` with wider bounds gets an error, not a
/// wrapped size; of `cells` only the maximum counts. O(1).
///
/// # Errors
/// A [`FormatError`] at the number at fault: missing, out of its bounds, or with a product
/// beyond `cells` (or `u32::MAX`), naming both factors and the product.
pub fn read_dims<'a>(
    r: &mut impl InputRead<'a>,
    bounds: &Bounds,
    [n_name, m_name]: [&str; 2],
) -> Result<(u32, u32), FormatError> {
    let fit = |(lo, hi): (i64, i64)| (lo.max(1), hi.min(i64::from(u32::MAX)));
    let (lo, hi) = fit(bounds.get("n")?);
    let n = r.read_int(lo, hi, n_name)?;
    r.read_space()?;
    let (lo, hi) = fit(bounds.get("m")?);
    let m = r.read_int(lo, hi, m_name)?;
    let max = bounds
        .0
        .get("cells")
        .map_or(i64::from(u32::MAX), |[_, max]| {
            (*max).min(i64::from(u32::MAX))
        });
    let cells = i128::from(n) * i128::from(m);
    if cells > i128::from(max) {
        return Err(r.error(
            format!("{n_name}*{m_name} <= {max}"),
            format!("{n}*{m} = {cells}"),
        ));
    }
    // Both within 1..=u32::MAX by the narrowed bounds.
    Ok((n as u32, m as u32))
}

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
    /// [`crate::core::reader::StrictReader`]; with a [`crate::core::reader::TolerantReader`], `n` tokens of
    /// `m` cells). `name` names a row in errors, e.g. `maze row`. The `n·m` cells are reserved
    /// first, fallibly: a size the allocator refuses is an error at the current position.
    pub fn read_strict<'a>(
        r: &mut impl InputRead<'a>,
        n: u32,
        m: u32,
        allowed: &[u8],
        name: &str,
    ) -> Result<Grid, FormatError> {
        let mut cells = Vec::new();
        // A size the memory cannot hold is the input's error, not a crash.
        let len = n as usize * m as usize;
        if cells.try_reserve_exact(len).is_err() {
            return Err(r.error(
                format!("a {n}x{m} grid that fits in memory"),
                format!("{len} cells"),
            ));
        }
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

impl InputSummary {
    /// The summary of an input on the board `g`: its size `NxM` and its number of cells.
    pub fn of_grid(g: &Grid) -> InputSummary {
        InputSummary {
            size: format!("{}x{}", g.n, g.m),
            cells: u64::from(g.len()),
            bounds_log: Default::default(),
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
