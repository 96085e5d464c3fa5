use super::*;

fn bounds() -> Bounds {
    ProblemConfig::parse(Bunny.builtin_config(), "problem.toml")
        .unwrap()
        .constraints
}

fn record(text: &str) -> Record {
    parse(text.as_bytes(), &bounds(), ValidateOptions::default()).unwrap()
}

#[test]
fn positions_and_wins_of_the_first_sample() {
    let rec = record("1 6\nXO.OXO\n1\n1 2\n1 1\n");
    assert_eq!(rec.start, 2);
    assert_eq!(rec.positions(), vec![2, 1, 0]);
    // Bunny wins at the start (moving right), Egg wins after Bunny moved left, and Bunny is
    // stuck at the end.
    assert_eq!(mover_wins(&rec).unwrap(), vec![true, true, false]);
    assert_eq!(mistakes(&rec).unwrap(), vec![1]);
}

#[test]
fn usable_cells_follow_the_start_colour() {
    // Start (0,0) has colour 0: X on colour 0 and O on colour 1 are usable.
    let g = record("2 3\n.OX\nOXX\n1\n1 2\n1 3\n").grid;
    let usable: Vec<bool> = (0..6).map(|id| is_usable(&g, 0, id)).collect();
    assert_eq!(usable, vec![true, true, true, true, true, false]);
    let (graph, vid) = usable_graph(&g, 0);
    assert_eq!(graph.len(), 5);
    assert_eq!(vid[5], u32::MAX);
    // Left side = colour 0: cells 0, 2, 4.
    assert_eq!(graph.n_left(), 3);
}

#[test]
fn mistakes_need_both_positions_winning() {
    assert_eq!(mistakes_from_wins(&[true, true, false]), vec![1]);
    assert_eq!(
        mistakes_from_wins(&[true, false, true, true, false]),
        vec![2]
    );
    assert_eq!(
        mistakes_from_wins(&[false, true, true, false, false]),
        Vec::<u32>::new()
    );
}

#[test]
fn move_names() {
    assert_eq!(name_move(1), "move 1 (Bunny's 1st)");
    assert_eq!(name_move(4), "move 4 (Egg's 2nd)");
    assert_eq!(name_move(5), "move 5 (Bunny's 3rd)");
    assert_eq!(name_move(22), "move 22 (Egg's 11th)");
    assert_eq!(name_move(41), "move 41 (Bunny's 21st)");
}

#[test]
fn format_round_trips() {
    let text = "2 3\n.OX\nOXX\n1\n1 2\n1 3\n";
    assert_eq!(format_record(&record(text)), text.as_bytes());
    assert_eq!(format_answer(&[]), b"0\n");
    assert_eq!(format_answer(&[1, 3]), b"2\n1\n3\n");
    assert_eq!(Bunny.describe_answer(b"2\n1\n3\n"), "2 mistakes");
    assert_eq!(Bunny.describe_answer(b"1\n4\n"), "1 mistake");
    assert_eq!(Bunny.describe_answer(b"x"), "?");
}
