
# Fill the working directory with files until something refuses; report how much got written.
block = b"\0" * (1 << 20)
written = 0
try:
    for index in range(100_000):
        with open(f"fill{index}", "wb") as handle:
            for _ in range(8):
                handle.write(block)
                written += len(block)
except OSError:
    pass
print(written // (1 << 20))
