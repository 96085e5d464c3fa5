// The sum of two integers, in JavaScript (Node.js): BigInt, as the numbers may exceed 2^53.
const [a, b] = require("fs").readFileSync(0, "utf8").trim().split(/\s+/).map(BigInt);
console.log((a + b).toString());
