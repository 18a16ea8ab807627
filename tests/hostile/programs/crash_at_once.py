# An interactive submission that fails before it reads or writes anything.
assert False, "gave up at once"
