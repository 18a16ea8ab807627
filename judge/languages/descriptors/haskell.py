"""Haskell, compiled by GHC; its runtime is told the heap limit (+RTS -M)."""

from judge.languages.descriptor import CompileNeeds, Language, Memory, SelfTest

LANGUAGE = Language(
    id="haskell",
    name="Haskell",
    extensions=(".hs",),
    kattis=("haskell",),
    compiler="ghc",
    compile=("ghc", "-O2", "-rtsopts", "-tmpdir", ".", "-outputdir", "build", "-o",
             "{program}", "{files}"),
    compile_env={"HOME": "{cwd}", "TMPDIR": "{cwd}"},
    run=("{program}", "+RTS", "-M{heap_kb}k", "-K64m", "-RTS"),
    version=("ghc", "--version"),
    package="ghc",
    self_test=SelfTest("main :: IO ()\nmain = interact $ \\s -> "
                       "show (sum (map read (words s) :: [Integer])) ++ \"\\n\"\n"),
    idle_source="main :: IO ()\nmain = return ()\n",
    memory=Memory(reserve_kb=2 * 1024, minimum_kb=4 * 1024, out_of_memory=("Heap exhausted",)),
    compile_needs=CompileNeeds(time_ms=60_000, memory_kb=1024 * 1024),
    # The package database GHC reads lives in /var/lib/ghc.
    binds=("/var/lib/ghc",),
)
