"""Rust, compiled by Debian's rustc (not a user's rustup: the judge looks on the system PATH)."""

from judge.languages.descriptor import CompileNeeds, Language, Memory, SelfTest

LANGUAGE = Language(
    id="rust",
    name="Rust",
    extensions=(".rs",),
    kattis=("rust",),
    compiler="rustc",
    compile=("rustc", "-C", "opt-level=2", "--edition", "2021", "--crate-type", "bin",
             "-o", "{program}", "{source}"),
    compile_env={"TMPDIR": "{cwd}"},  # rustc's temporary folder
    run=("{program}",),
    version=("rustc", "--version"),
    package="rustc",
    self_test=SelfTest(
        "use std::io::Read;\n"
        "fn main() {\n"
        "    let mut s = String::new();\n"
        "    std::io::stdin().read_to_string(&mut s).unwrap();\n"
        "    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n"
        "    println!(\"{}\", v[0] + v[1]);\n"
        "}\n"
    ),
    idle_source="fn main() {}\n",
    memory=Memory(out_of_memory=("memory allocation of",)),
    compile_needs=CompileNeeds(time_ms=30_000, memory_kb=1024 * 1024),
)
