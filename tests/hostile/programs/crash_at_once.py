# An interactive submission that fails before it reads or writes anything (the assert of C
# and C++ solutions, as Python has it).
assert False, "gave up at once"  # noqa: B011
