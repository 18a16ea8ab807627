use std::io::Read;

fn main() {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).unwrap();
    let words: Vec<&str> = text.split_whitespace().collect();
    let number = |i: usize| -> i64 { words[i].parse().unwrap() };
    match words[0] {
        "wrong" => println!("{}", number(1) - number(2)),
        "loop" => {
            let mut x: u64 = 1;
            loop {
                x = x.wrapping_mul(31).wrapping_add(7);
                if x == 0 {
                    println!("{}", x);
                }
            }
        }
        "alloc" => {
            let mut hog: Vec<Vec<u8>> = Vec::new();
            loop {
                hog.push(vec![1u8; 1 << 20]);
            }
        }
        "crash" => {
            let none: Vec<i64> = Vec::new();
            println!("{}", none[number(1) as usize]);
        }
        _ => {}
    }
}
