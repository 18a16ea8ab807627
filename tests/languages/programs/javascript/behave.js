const words = require("fs").readFileSync(0, "utf8").trim().split(/\s+/);
if (words[0] === "wrong") {
  console.log(String(BigInt(words[1]) - BigInt(words[2])));
} else if (words[0] === "loop") {
  let x = 0;
  for (;;) x = (x * 31 + 7) % 1000003;
} else if (words[0] === "alloc") {
  const hog = [];
  for (;;) hog.push(new Array(1 << 17).fill(1.5));
} else if (words[0] === "crash") {
  const nothing = null;
  console.log(nothing.field);
}
