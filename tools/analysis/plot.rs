//! Pictures for `grundy describe --svg`, drawn with plotters' SVG backend: a sequence as its
//! values against n, P-positions marked, the period's blocks shaded; a table as a heat map
//! with its P-positions marked.

use grundy::pattern::Pattern;
use plotters::prelude::*;
use std::path::Path;

/// The colour of a P-position's mark (a filled circle): `#C80000` in the file.
pub const P_MARK: RGBColor = RGBColor(200, 0, 0);
/// The shading of every other period block: `#DCE6F5` in the file.
pub const BLOCK_SHADE: RGBColor = RGBColor(220, 230, 245);
/// The most values or table cells drawn: a picture of more would be a blur and a huge file.
pub const MAX_DRAWN: usize = 1 << 16;

fn failed<E: std::fmt::Display>(path: &Path) -> impl Fn(E) -> String + '_ {
    move |e| format!("cannot draw {}: {e}", path.display())
}

/// Draws G(n) against n: a line through the values, P-positions (G = 0) as red dots, and the
/// blocks of an observed period shaded alternately from the preperiod on.
pub fn sequence(path: &Path, values: &[u64], period: Option<Pattern>) -> Result<(), String> {
    if values.len() > MAX_DRAWN {
        return Err(format!(
            "--svg draws at most {MAX_DRAWN} values, not {}",
            values.len()
        ));
    }
    let n = values.len().max(1) as f64;
    let top = values.iter().copied().max().unwrap_or(0) as f64 + 1.0;
    let width = (values.len() as u32 * 8).clamp(480, 1600);
    let root = SVGBackend::new(path, (width, 360)).into_drawing_area();
    root.fill(&WHITE).map_err(failed(path))?;
    let area = root.margin(12, 12, 12, 12);
    let mut chart = ChartBuilder::on(&area)
        .x_label_area_size(36)
        .y_label_area_size(44)
        .build_cartesian_2d(-0.5..n - 0.5, -0.5..top)
        .map_err(failed(path))?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc("n")
        .y_desc("G(n)")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()
        .map_err(failed(path))?;
    if let Some(p) = period {
        let blocks = (p.preperiod..values.len())
            .step_by(p.period)
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, start)| {
                let end = (start + p.period).min(values.len());
                Rectangle::new(
                    [(start as f64 - 0.5, -0.5), (end as f64 - 0.5, top)],
                    BLOCK_SHADE.filled(),
                )
            });
        chart.draw_series(blocks).map_err(failed(path))?;
    }
    chart
        .draw_series(LineSeries::new(
            values
                .iter()
                .enumerate()
                .map(|(i, &v)| (i as f64, v as f64)),
            &BLUE,
        ))
        .map_err(failed(path))?;
    chart
        .draw_series(
            values
                .iter()
                .enumerate()
                .filter(|(_, &v)| v == 0)
                .map(|(i, _)| Circle::new((i as f64, 0.0), 3, P_MARK.filled())),
        )
        .map_err(failed(path))?;
    root.present().map_err(failed(path))
}

/// Draws a table as a heat map: cell (x, y) at row x, column y, its colour from its value; a
/// P-position (value 0) white with a red dot.
pub fn table(path: &Path, rows: &[Vec<u64>]) -> Result<(), String> {
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    if height * width > MAX_DRAWN {
        return Err(format!(
            "--svg draws at most {MAX_DRAWN} cells, not {height} × {width}"
        ));
    }
    let cell = (640 / height.max(width).max(1)).clamp(4, 24) as u32;
    let size = (
        (width as u32 * cell).max(1) + 24,
        (height as u32 * cell).max(1) + 24,
    );
    let root = SVGBackend::new(path, size).into_drawing_area();
    root.fill(&WHITE).map_err(failed(path))?;
    let area = root.margin(12, 12, 12, 12);
    let mut chart = ChartBuilder::on(&area)
        .build_cartesian_2d(0.0..width.max(1) as f64, height.max(1) as f64..0.0)
        .map_err(failed(path))?;
    let top = rows.iter().flatten().copied().max().unwrap_or(0).max(1) as f64;
    let cells = rows.iter().enumerate().flat_map(|(x, row)| {
        row.iter().enumerate().map(move |(y, &v)| {
            let colour = if v == 0 {
                WHITE.filled()
            } else {
                HSLColor(0.66 * (1.0 - v as f64 / top), 0.7, 0.55).filled()
            };
            Rectangle::new(
                [(y as f64, x as f64), (y as f64 + 1.0, x as f64 + 1.0)],
                colour,
            )
        })
    });
    chart.draw_series(cells).map_err(failed(path))?;
    let radius = (cell / 4).max(1) as i32;
    let marks = rows.iter().enumerate().flat_map(|(x, row)| {
        row.iter()
            .enumerate()
            .filter(|(_, &v)| v == 0)
            .map(move |(y, _)| {
                Circle::new((y as f64 + 0.5, x as f64 + 0.5), radius, P_MARK.filled())
            })
    });
    chart.draw_series(marks).map_err(failed(path))?;
    root.present().map_err(failed(path))
}
