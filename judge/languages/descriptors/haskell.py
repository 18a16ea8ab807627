"""Haskell, compiled by GHC.

Its runtime is not told the limit (+RTS -M): GHC counts its heap so that a program holding half
of -M in large objects is already out of memory, so the cap alone bounds it, as a C program's.
"""

from judge.languages.descriptor import CompileNeeds, Language, Memory, SelfTest

LANGUAGE = Language(
    id="haskell",
    name="Haskell",
    extensions=(".hs",),
    kattis=("haskell",),
    compiler="ghc",
    compile=("ghc", "-O2", "-tmpdir", ".", "-outputdir", "build", "-o",
             "{program}", "{files}"),
    compile_env={"HOME": "{cwd}", "TMPDIR": "{cwd}"},
    run=("{program}",),
    version=("ghc", "--version"),
    package="ghc",
    self_test=SelfTest("main :: IO ()\nmain = interact $ \\s -> "
                       "show (sum (map read (words s) :: [Integer])) ++ \"\\n\"\n"),
    idle_source="main :: IO ()\nmain = return ()\n",
    # GHC's runtime (the compiler's too) refuses to start in less than 9 GB of address space.
    memory=Memory(out_of_memory=("Heap exhausted",), address_space_kb=10 * 1024 * 1024),
    compile_needs=CompileNeeds(time_ms=60_000, memory_kb=1024 * 1024),
    # The package database GHC reads lives in /var/lib/ghc.
    binds=("/var/lib/ghc",),
)
