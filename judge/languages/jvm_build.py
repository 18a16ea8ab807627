"""The JVM languages' build, run inside the compile step's sandbox by the judge's interpreter:

    python -I -S -B -c SOURCE --classes DIR --jar JAR --main-file FILE [--class-path PATH]
           -- COMPILER ARGS...

runs the compiler (which writes its classes into DIR), finds the entry point among the classes
(the class with `public static void main(String[])`), and packs them into JAR, whose manifest
names that class (and PATH, a runtime library such as Kotlin's), so that a run is
`java -jar JAR`. Several classes with a main: the one named after the main file, as Kattis
chooses (`Main.java`: `Main`; `main.kt`: `MainKt`), else the first by name. None: the build
fails, with the reason on stderr (a compile error).

Only the standard library: it runs in the sandbox's minimal root, from its source (given with
-c, as the run sees nothing of the judge's files), and the judge's tests import it as a module.
"""

import os
import struct
import subprocess
import sys
import zipfile

MAIN_NAME = "main"
MAIN_DESCRIPTOR = "([Ljava/lang/String;)V"
ACC_PUBLIC, ACC_STATIC = 0x0001, 0x0008
# Sizes of the constant pool entries that hold no text, by tag (JVMS 4.4); Long and Double
# (5, 6) take two slots.
CONSTANT_SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2,
                  17: 4, 18: 4, 19: 2, 20: 2}
UTF8, CLASS = 1, 7


class ClassFormatError(ValueError):
    """The bytes are not a class file this reader understands."""


def main_class(data):
    """The class file's binary name (`pkg.Name`) when it declares `public static void
    main(String[])`, else None."""
    reader = _Reader(data)
    if reader.u4() != 0xCAFEBABE:
        raise ClassFormatError("not a class file")
    reader.skip(4)  # minor and major version
    texts, classes = _constant_pool(reader)
    reader.skip(2)  # the class's access flags
    this_class = reader.u2()
    reader.skip(2)  # super class
    reader.skip(2 * reader.u2())  # interfaces
    _members(reader)  # fields
    for flags, name, descriptor in _members(reader):
        if (texts.get(name) == MAIN_NAME and texts.get(descriptor) == MAIN_DESCRIPTOR
                and flags & ACC_PUBLIC and flags & ACC_STATIC):
            return texts[classes[this_class]].replace("/", ".")
    return None


def choose_main(candidates, main_file):
    """The entry point among the classes with a main: Kattis' rule (named after the main
    file), else the first by name; None when there is none."""
    if not candidates:
        return None
    stem = os.path.splitext(os.path.basename(main_file))[0]
    preferred = {stem, stem[:1].upper() + stem[1:] + "Kt"}
    named = sorted(c for c in candidates if c.rsplit(".", 1)[-1] in preferred)
    return (named or sorted(candidates))[0]


def manifest(main, class_path):
    lines = ["Manifest-Version: 1.0", f"Main-Class: {main}"]
    if class_path:
        lines.append(f"Class-Path: {class_path}")
    return ("\r\n".join(lines) + "\r\n").encode()


def pack(classes_dir, jar, main, class_path):
    """Every file the compiler wrote, in a jar whose manifest names the entry point."""
    with zipfile.ZipFile(jar, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("META-INF/MANIFEST.MF", manifest(main, class_path))
        for folder, _, names in sorted(os.walk(classes_dir)):
            for name in sorted(names):
                path = os.path.join(folder, name)
                inside = os.path.relpath(path, classes_dir)
                if inside != os.path.join("META-INF", "MANIFEST.MF"):
                    archive.write(path, inside)


def find_mains(classes_dir):
    found = []
    for folder, _, names in os.walk(classes_dir):
        for name in names:
            if name.endswith(".class"):
                with open(os.path.join(folder, name), "rb") as handle:
                    main = main_class(handle.read())
                if main is not None:
                    found.append(main)
    return found


def build(argv):
    """The command line above; returns the exit status."""
    options, command = _parse(argv)
    os.makedirs(options["--classes"], exist_ok=True)
    compiled = subprocess.run(command, check=False)
    if compiled.returncode != 0:
        return compiled.returncode if compiled.returncode > 0 else 1
    try:
        main = choose_main(find_mains(options["--classes"]), options["--main-file"])
    except ClassFormatError as exc:
        sys.stderr.write(f"cannot read a compiled class: {exc}\n")
        return 1
    if main is None:
        sys.stderr.write("error: no class has a method public static void main(String[] args)"
                         " (the program's entry point)\n")
        return 1
    pack(options["--classes"], options["--jar"], main, options.get("--class-path", ""))
    return 0


class _Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, size):
        if self.at + size > len(self.data):
            raise ClassFormatError("truncated class file")
        chunk = self.data[self.at:self.at + size]
        self.at += size
        return chunk

    def skip(self, size):
        self.take(size)

    def u2(self):
        return struct.unpack(">H", self.take(2))[0]

    def u4(self):
        return struct.unpack(">I", self.take(4))[0]


def _constant_pool(reader):
    """(index -> text of the Utf8 entries, index -> name index of the Class entries)."""
    texts, classes = {}, {}
    count, index = reader.u2(), 1
    while index < count:
        tag = reader.take(1)[0]
        if tag == UTF8:
            texts[index] = reader.take(reader.u2()).decode("utf-8", errors="replace")
        elif tag == CLASS:
            classes[index] = reader.u2()
        elif tag in CONSTANT_SIZES:
            reader.skip(CONSTANT_SIZES[tag])
        else:
            raise ClassFormatError(f"unknown constant pool tag {tag}")
        index += 2 if tag in (5, 6) else 1
    return texts, classes


def _members(reader):
    """The (access flags, name index, descriptor index) of each field or method."""
    members = []
    for _ in range(reader.u2()):
        members.append((reader.u2(), reader.u2(), reader.u2()))
        for _ in range(reader.u2()):  # attributes
            reader.skip(2)
            reader.skip(reader.u4())
    return members


def _parse(argv):
    split = argv.index("--") if "--" in argv else -1
    flags, command = argv[:split], argv[split + 1:]
    if split < 0 or len(flags) % 2 or not command:
        raise SystemExit("usage: --classes DIR --jar JAR --main-file FILE -- COMPILER ...")
    return dict(zip(flags[::2], flags[1::2], strict=True)), command


if __name__ == "__main__":
    sys.exit(build(sys.argv[1:]))
