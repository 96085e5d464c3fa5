// Checker of problem `game` (JSOI2009 "Game", BZOJ 1443, Luogu P4055) for a Polygon package:
// written against testlib's API (C++14 or later; g++ -fno-asm -std=c++14 -O2), so that every
// consumer of the package builds it with its own testlib.h and gets its own calling
// convention: Polygon and Codeforces (`check <input> <output> <answer>`, exit 0/1/2/3), CMS's
// Polygon loader (-DCMS), p2d's DOMjudge testlib.h (`check <input> <answer> <feedback_dir> <
// output`, exit 42/43). testlib decides how the files are named, opened and reported; this file
// decides the verdict.
//
// It mirrors `checker game` of gridjudge (src/problems/game/check.rs with the token reader of
// src/reader.rs) verdict for verdict, like the self-contained ../testlib/checker.cpp, whose
// header lists the rules; tests/common/mirror.rs compares the verdicts with the Rust checker.
// In short, the first broken rule in reading order decides:
//   * tokens are separated by any run of space, \t, \n, \v, \f, \r (gridjudge's set: testlib's
//     own readToken knows only space, \t, \n, \r, so tokens are read here byte by byte through
//     testlib's stream, never with readToken/readInt); a token longer than 64 bytes is PE;
//   * the output is LOSE (nothing after it), or WIN then `row column` pairs; integers are as
//     testlib's readLong reads them: optional '-', digits, no leading zero, no '+', not "-0",
//     within 64 bits; anything else, an empty output or a row without a column is PE;
//   * a cell outside the maze, a wall, a cell listed twice, WIN with no cell, WIN against a
//     jury LOSE or the reverse, a set different from the jury's is WA; with `row_major` a cell
//     listed after a later one (row-major) is WA too;
//   * the input (N, M, N rows of M '.'/'#', 1 <= N, M <= 65536, N*M <= 2^28) and the jury
//     answer are read by the same tokens; any defect in them is FAIL.
//
// What testlib itself decides (residual differences with gridjudge's checker, none of them
// reachable by an output a real program prints):
//   * testlib refuses files over its maxFileSize (128 MiB) before this code runs: PE for the
//     output when it is read from a file, FAIL for the input or the answer.
//   * A UTF-8 byte order mark at the start of the output is skipped by registerTestlibCmd
//     (testlib 0.9.x does it; a testlib too old to do it would answer PE where gridjudge skips).
//   * testlib's stdin reader keeps a few bytes of bookkeeping per byte read, so a huge output
//     read from stdin costs memory in proportion (testlib's own readers cost the same).
// Not differences: a missing output file is testlib's PE "Output file not found", as in
// gridjudge; testlib's stdin reader (p2d reads the output from stdin) returns a byte
// 0xFF and the end of the file alike; the reader below tells them apart (feof(stdin)), so a
// 0xFF is an ordinary byte as in gridjudge.
// Messages are testlib's lines ("ok ...", "wrong answer ...", "wrong output format ...",
// "FAIL ..."), worded differently from gridjudge's.

#include "testlib.h"

#include <cstdio>
#include <string>
#include <vector>

namespace {

// problem.toml `[checker] row_major`: require the cells in row-major order. `gridjudge export`
// rewrites this line from problem.toml (and refuses a checker option with no such line).
const bool row_major = false;

// ------------------------------------------------------------------------------------------
// Tokens by gridjudge's rules, read byte by byte through a testlib stream.

bool isSpace(int b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\v' || b == '\f' || b == '\r';
}

// A token and where it starts (1-based line and byte column).
struct Token {
    std::string bytes;
    long long line = 0, col = 0;
    bool tooLong = false;  // more than the cap: only the first cap + 1 bytes are kept

    std::string at() const {
        return "line " + std::to_string(line) + ", column " + std::to_string(col);
    }

    // Shown in a message: printable ASCII kept, anything else as \xNN, cut to 20 bytes.
    std::string show() const {
        std::string s = "`";
        for (size_t i = 0; i < bytes.size() && i < 20; i++) {
            const unsigned char c = static_cast<unsigned char>(bytes[i]);
            if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'' && c != '"') {
                s += static_cast<char>(c);
            } else {
                s += format("\\x%02x", c);
            }
        }
        if (bytes.size() > 20) s += "...";
        return s + "`";
    }

    // The value if the token is an integer as testlib's readInt/readLong reads one: optional
    // '-', digits, no leading zero ("01", "-01"), not "-0", within the 64-bit integers.
    // Anything else is not an integer (a presentation error in the output).
    bool asInt(long long& value) const {
        const bool neg = !bytes.empty() && bytes[0] == '-';
        const size_t from = neg ? 1 : 0;
        if (tooLong || from == bytes.size()) return false;
        for (size_t i = from; i < bytes.size(); i++) {
            if (bytes[i] < '0' || bytes[i] > '9') return false;
        }
        if (bytes.size() - from > 1 && bytes[from] == '0') return false;
        if (neg && bytes[from] == '0') return false;  // "-0"
        const long long kMin = -9223372036854775807LL - 1;
        long long v = 0;  // accumulates -|value|, so that the most negative value fits
        for (size_t i = from; i < bytes.size(); i++) {
            const int d = bytes[i] - '0';
            if (v < (kMin + d) / 10) return false;  // beyond 64 bits
            v = v * 10 - d;
        }
        if (!neg && v == kMin) return false;  // 9223372036854775808
        value = neg ? v : -v;
        return true;
    }
};

class Tokens {
public:
    explicit Tokens(InStream& s) : s_(s) {}

    // The next token into `t`, keeping at most cap + 1 bytes of it (t.tooLong when longer).
    // With `stopWhenLong`, reading stops right after those cap + 1 bytes (the output: a
    // token that long is PE whatever follows). False at the end of the stream.
    bool next(Token& t, size_t cap, bool stopWhenLong) {
        int c;
        while ((c = peek()) >= 0 && isSpace(c)) bump(c);
        if (c < 0) return false;
        t.bytes.clear();
        t.tooLong = false;
        t.line = line_;
        t.col = col_;
        while ((c = peek()) >= 0 && !isSpace(c)) {
            if (t.bytes.size() <= cap) {
                t.bytes += static_cast<char>(c);
            }
            bump(c);
            if (t.bytes.size() > cap) {
                t.tooLong = true;
                if (stopWhenLong) break;
            }
        }
        return true;
    }

private:
    // The next byte (0..255), or -1 at the end. testlib's file reader says exactly where its
    // end is (eof(), which also covers a stream that was never opened). Its stdin reader
    // returns a byte 0xFF and the end alike as EOFC (255): only the end has set the C stream's
    // end-of-file flag (a stdin stream is testlib's only kind that reads `stdin`).
    int peek() {
        if (end_) return -1;
        if (!s_.stdfile && s_.eof()) {
            end_ = true;
            return -1;
        }
        const int c = static_cast<unsigned char>(s_.curChar());
        if (c == 0xFF && s_.stdfile && std::feof(stdin)) {
            end_ = true;
            return -1;
        }
        return c;
    }

    void bump(int c) {
        s_.skipChar();
        if (c == '\n') {
            line_++;
            col_ = 1;
        } else {
            col_++;
        }
    }

    InStream& s_;
    bool end_ = false;
    long long line_ = 1, col_ = 1;
};

const size_t kMaxToken = 64;

[[noreturn]] void finish(TResult v, const std::string& message) {
    quitf(v, "%s", message.c_str());
}

// ------------------------------------------------------------------------------------------
// The input, by tokens; any defect is FAIL.

const long long kMaxSide = 1 << 16;
const long long kMaxCells = 1LL << 28;

const unsigned char kFree = 1;      // the cell is '.'
const unsigned char kInJury = 2;    // the jury lists the cell
const unsigned char kInOutput = 4;  // the contestant lists the cell

struct Maze {
    long long n = 0, m = 0;
    std::vector<unsigned char> cells;  // row-major, flags above
};

[[noreturn]] void badInput(const std::string& what) {
    finish(_fail, "input does not validate: expected " + what);
}

long long readInputInt(Tokens& in, long long hi, const char* name) {
    const std::string what = std::string("integer ") + name + " in 1..=" + std::to_string(hi);
    Token t;
    long long v = 0;
    if (!in.next(t, 24, false) || !t.asInt(v) || v < 1 || v > hi) badInput(what);
    return v;
}

Maze readMaze(Tokens& in) {
    Maze g;
    g.n = readInputInt(in, kMaxSide, "N");
    g.m = readInputInt(in, kMaxSide, "M");
    if (g.n * g.m > kMaxCells) badInput("N*M <= " + std::to_string(kMaxCells));
    Token row;
    for (long long r = 0; r < g.n; r++) {
        // Grows row by row: a header promising a huge maze costs only what is really there.
        const std::string what =
            std::to_string(g.m) + " characters '.' or '#' in maze row " + std::to_string(r + 1);
        if (!in.next(row, static_cast<size_t>(g.m), false) || row.tooLong ||
            row.bytes.size() != static_cast<size_t>(g.m)) {
            badInput(what);
        }
        for (char b : row.bytes) {
            if (b != '.' && b != '#') badInput(what);
            g.cells.push_back(b == '.' ? kFree : 0);
        }
    }
    Token extra;
    if (in.next(extra, 0, false)) badInput("end of file after the maze");
    return g;
}

// ------------------------------------------------------------------------------------------
// An answer: LOSE, or WIN and cells. Read once for the jury (a broken rule is FAIL) and once
// for the contestant (PE or WA as the rule says).

struct Answer {
    bool win = false;
    long long count = 0;        // cells listed
    long long inJury = 0;       // of which the jury lists too (contestant's answer only)
    long long firstExtra = -1;  // first listed cell the jury does not list
    long long last = -1;        // the cell listed last
};

std::string showCell(const Maze& g, long long id) {
    return "(" + std::to_string(id / g.m + 1) + " " + std::to_string(id % g.m + 1) + ")";
}

// The next token of an answer; a token longer than 64 bytes is `pe`.
bool answerToken(Tokens& in, Token& t, TResult pe, const std::string& prefix) {
    if (!in.next(t, kMaxToken, true)) return false;
    if (t.tooLong) {
        finish(pe, prefix + t.at() + ": token longer than 64 bytes (starts " + t.show() + ")");
    }
    return true;
}

Answer readAnswer(Tokens& in, Maze& g, bool jury) {
    const unsigned char mine = jury ? kInJury : kInOutput;
    const std::string prefix = jury ? "jury answer is broken: " : "";
    const TResult pe = jury ? _fail : _pe;
    const TResult wa = jury ? _fail : _wa;
    Answer a;
    Token first;
    if (!answerToken(in, first, pe, prefix)) {
        finish(pe, prefix + "empty output: expected WIN or LOSE");
    }
    if (first.bytes == "LOSE") {
        Token extra;
        if (answerToken(in, extra, pe, prefix)) {
            finish(pe, prefix + extra.at() + ": expected end of output after LOSE, found " +
                           extra.show());
        }
        return a;
    }
    if (first.bytes != "WIN") {
        finish(pe, prefix + first.at() + ": expected WIN or LOSE, found " + first.show());
    }
    a.win = true;
    Token rt, ct;
    while (answerToken(in, rt, pe, prefix)) {
        long long r = 0, c = 0;
        if (!rt.asInt(r)) {
            finish(pe, prefix + rt.at() + ": expected a row number, found " + rt.show());
        }
        if (!answerToken(in, ct, pe, prefix)) {
            finish(pe, prefix + rt.at() + ": row " + std::to_string(r) +
                           " has no column (odd count of numbers)");
        }
        if (!ct.asInt(c)) {
            finish(pe, prefix + ct.at() + ": expected a column number, found " + ct.show());
        }
        const std::string cell = "cell (" + std::to_string(r) + ", " + std::to_string(c) + ")";
        if (r < 1 || r > g.n || c < 1 || c > g.m) {
            finish(wa, prefix + rt.at() + ": " + cell + " is outside the " +
                           std::to_string(g.n) + "x" + std::to_string(g.m) + " maze");
        }
        const long long id = (r - 1) * g.m + (c - 1);
        unsigned char& flags = g.cells[static_cast<size_t>(id)];
        if (!(flags & kFree)) finish(wa, prefix + rt.at() + ": " + cell + " is a wall");
        if (flags & mine) finish(wa, prefix + rt.at() + ": " + cell + " is listed twice");
        if (!jury && row_major && a.last >= 0 && a.last > id) {
            finish(wa, rt.at() + ": " + cell + " comes after " + showCell(g, a.last) +
                           ": row-major order required");
        }
        a.last = id;
        flags |= mine;
        a.count++;
        if (flags & kInJury) {
            a.inJury++;
        } else if (a.firstExtra < 0) {
            a.firstExtra = id;
        }
    }
    if (a.count == 0) finish(wa, prefix + "WIN with no winning cell listed");
    return a;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);

    Tokens input(inf);
    Maze g = readMaze(input);
    Tokens answer(ans);
    const Answer jury = readAnswer(answer, g, true);
    Tokens output(ouf);
    const Answer got = readAnswer(output, g, false);

    if (!jury.win && !got.win) finish(_ok, "LOSE");
    if (!got.win) {
        std::string eg;
        int shown = 0;
        for (size_t id = 0; id < g.cells.size() && shown < 3; id++) {
            if (g.cells[id] & kInJury) {
                eg += (shown++ ? ", " : "") + showCell(g, static_cast<long long>(id));
            }
        }
        finish(_wa, "answered LOSE, but A wins from " + std::to_string(jury.count) +
                        " cells, e.g. " + eg);
    }
    if (!jury.win) {
        finish(_wa, "answered WIN with " + std::to_string(got.count) +
                        " cells, but no start cell wins (the free cells have a perfect matching)");
    }
    // Both WIN, no duplicates on either side: the sets are equal iff every listed cell is the
    // jury's and the counts agree.
    if (got.inJury == got.count && got.count == jury.count) {
        finish(_ok, "WIN, " + std::to_string(jury.count) + " cells");
    }
    const long long missing = jury.count - got.inJury;
    const long long extra = got.count - got.inJury;
    std::string msg = "wrong set of winning cells: " + std::to_string(missing) + " missing, " +
                      std::to_string(extra) + " extra (expected " + std::to_string(jury.count) +
                      " cells, got " + std::to_string(got.count) + ")";
    if (missing > 0) {
        for (size_t id = 0; id < g.cells.size(); id++) {
            if ((g.cells[id] & kInJury) && !(g.cells[id] & kInOutput)) {
                msg += "; e.g. missing " + showCell(g, static_cast<long long>(id));
                break;
            }
        }
    }
    if (extra > 0) msg += "; e.g. extra " + showCell(g, got.firstExtra);
    finish(_wa, msg);
}
