import sys

words = sys.stdin.read().split()
what, numbers = words[0], [int(word) for word in words[1:]]
if what == "wrong":
    print(numbers[0] - numbers[1])
elif what == "loop":
    x = 0
    while True:
        x += 1
elif what == "alloc":
    hog = []
    while True:
        hog.append(b"x" * (1 << 20))
elif what == "crash":
    print(numbers[0] // (numbers[0] - numbers[0]))
