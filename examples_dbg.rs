use grundy::octal::{Method, OctalGame};
fn main() {
    let mut g = OctalGame::new("0.6".parse().unwrap(), Method::Rare);
    g.extend_to(1 << 16);
    let v = g.values();
    println!("mask {:?} max {}", g.rare_mask(), v.iter().max().unwrap());
    let m = g.rare_mask().unwrap();
    let rare: Vec<usize> = (1..v.len()).filter(|&i| (v[i] & m).count_ones() % 2 == 0).collect();
    println!("rare count {} first {:?}", rare.len(), &rare[..rare.len().min(40)]);
    let rv: Vec<u16> = rare.iter().map(|&i| v[i]).collect();
    println!("rare values {:?}", &rv[..rv.len().min(40)]);
}
