// Input validator of problem `bunny` (NOI2011 "Bunny and Egg", BZOJ 2437, Luogu P1971) for a
// Polygon package: written against testlib's API (C++14 or later; g++ -fno-asm -std=c++14 -O2),
// so that the package's consumer builds it with its own testlib.h.
//
//     validator [--group G] [--testset T] [--testOverviewLogFileName F] ... < input
//     exit 0 valid; exit 3 (testlib's FAIL) invalid, with testlib's message naming the line
// testlib reads the flags (registerValidation); `--group G` narrows n and m to the test group G
// of problems/bunny/problem.toml (`--group default` and no group: the constraints alone). An
// unknown group is FAIL (exit 3) here, where gridjudge's validator answers a usage error (exit
// 2). `--allow-trailing-spaces` (gridjudge's option, not testlib's) accepts spaces right before
// a line end or the end of the file (the official data has them).
//
// It mirrors `validator bunny` of gridjudge (`parse` in src/problems/bunny/mod.rs with the
// strict reader of src/reader.rs; the self-contained ../testlib/validator.cpp lists the same
// rules): the same inputs are valid; tests/common/mirror.rs compares the verdicts on the
// validator corpus, the package tests and their groups. The messages are testlib's.
//
// Input format:
//     n m                      1 <= n, m <= 40 (narrowed by the test group, if any)
//     n rows of m characters   from 'X', 'O', '.', exactly one '.'
//     k                        1 <= k <= 1000
//     2k lines "x y"           1 <= x <= n, 1 <= y <= m
// Strict: single spaces, '\n' line ends (no CR, no tab, no trailing space), a line end after
// every line, nothing after the last one; integers without leading zeros, '+' or "-0".
// The record is replayed: before each move the mover has a legal move, the move takes a piece
// 4-adjacent to the empty cell, white ('O') for Bunny (odd moves), black ('X') for Egg (even
// moves); after the 2k moves Bunny has no legal move.
// testlib's strict reader treats a byte 0xFF read from stdin as the end of the file; the check
// after readEof() below (feof(stdin)) rejects an input that goes on with such a byte, as
// gridjudge does.

#include "testlib.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Range {
    int lo, hi;
};

// problem.toml [constraints].
const Range kN = {1, 40};
const Range kM = {1, 40};
const Range kK = {1, 1000};

// problem.toml [groups.*]: extra bounds on n and m on top of the constraints (intersected).
struct Group {
    const char* name;
    Range n, m;
};
const Group kGroups[] = {
    {"16", {1, 16}, {1, 16}}, {"3x4", {3, 3}, {4, 4}}, {"3x7", {3, 3}, {7, 7}},
    {"40", {1, 40}, {1, 40}}, {"4x4", {4, 4}, {4, 4}}, {"4x5", {4, 4}, {5, 5}},
    {"n1", {1, 1}, {1, 20}},  {"n2", {2, 2}, {1, 40}},
};

Range intersect(Range a, Range b) {
    return Range{a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

bool g_lenient = false;  // --allow-trailing-spaces

// With --allow-trailing-spaces, spaces before the line end or the end of file are skipped. Any
// other space there is wrong in both modes, so skipping every space keeps the verdict.
void skipTrailingSpaces() {
    if (!g_lenient) return;
    // curChar() (not eof(), which would swallow a byte 0xFF of stdin) is EOFC at the end.
    while (inf.curChar() == ' ') inf.readSpace();
}

void readEoln() {
    skipTrailingSpaces();
    inf.readEoln();
}

void readEof() {
    skipTrailingSpaces();
    inf.readEof();
    // testlib's stdin reader returns a byte 0xFF as its end-of-file mark: the real end has
    // set the stream's end-of-file flag.
    if (!std::feof(stdin)) quitf(_fail, "Expected EOF, found a byte 0xFF");
}

// The up to four 4-neighbours of cell `id` (row-major) on an n x m board; returns how many.
int neighbours(int id, int n, int m, int out[4]) {
    const int r = id / m, c = id % m;
    int cnt = 0;
    if (r > 0) out[cnt++] = id - m;
    if (c > 0) out[cnt++] = id - 1;
    if (c + 1 < m) out[cnt++] = id + 1;
    if (r + 1 < n) out[cnt++] = id + m;
    return cnt;
}

bool pieceNextTo(const std::vector<char>& board, int empty, int n, int m, char colour) {
    int nb[4];
    const int cnt = neighbours(empty, n, m, nb);
    for (int i = 0; i < cnt; i++) {
        if (board[nb[i]] == colour) return true;
    }
    return false;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerValidation(argc, argv);
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--allow-trailing-spaces") == 0) g_lenient = true;
    }

    Range n = kN, m = kM;
    const std::string group = validator.group();
    if (!group.empty() && group != "default") {
        bool found = false;
        for (const Group& g : kGroups) {
            if (group == g.name) {
                n = intersect(n, g.n);
                m = intersect(m, g.m);
                found = true;
            }
        }
        if (!found) quitf(_fail, "no test group `%s` in problem `bunny`", group.c_str());
    }

    const int rows = inf.readInt(n.lo, n.hi, "n");
    inf.readSpace();
    const int cols = inf.readInt(m.lo, m.hi, "m");
    readEoln();
    std::vector<char> board;
    for (int r = 1; r <= rows; r++) {
        // A whole row is one token of testlib (no space inside a valid row).
        const std::string row = inf.readToken();
        ensuref(static_cast<int>(row.size()) == cols,
                "board row %d: expected %d characters, found %d", r, cols,
                static_cast<int>(row.size()));
        for (size_t c = 0; c < row.size(); c++) {
            ensuref(row[c] == 'X' || row[c] == 'O' || row[c] == '.',
                    "board row %d, column %d: expected 'X', 'O' or '.', found byte 0x%02x", r,
                    static_cast<int>(c) + 1, static_cast<unsigned char>(row[c]));
            board.push_back(row[c]);
        }
        readEoln();
    }
    int empty = -1;
    for (int id = 0; id < rows * cols; id++) {
        if (board[id] != '.') continue;
        ensuref(empty < 0, "board: a second empty cell '.' at row %d, column %d", id / cols + 1,
                id % cols + 1);
        empty = id;
    }
    ensuref(empty >= 0, "board: no empty cell '.'");

    const int k = inf.readInt(kK.lo, kK.hi, "k");
    readEoln();
    for (int j = 1; j <= 2 * k; j++) {
        const int x = inf.readInt(1, rows, "x");
        inf.readSpace();
        const int y = inf.readInt(1, cols, "y");
        readEoln();
        const char colour = j % 2 == 1 ? 'O' : 'X';
        const char* who = j % 2 == 1 ? "Bunny" : "Egg";
        ensuref(pieceNextTo(board, empty, rows, cols, colour),
                "move %d: %s has no legal move (no '%c' next to the empty cell (%d, %d)): the "
                "game was over",
                j, who, colour, empty / cols + 1, empty % cols + 1);
        const int id = (x - 1) * cols + (y - 1);
        int nb[4];
        const int cnt = neighbours(empty, rows, cols, nb);
        bool adjacent = false;
        for (int i = 0; i < cnt; i++) adjacent = adjacent || nb[i] == id;
        ensuref(adjacent, "move %d: (%d, %d) is not next to the empty cell (%d, %d)", j, x, y,
                empty / cols + 1, empty % cols + 1);
        ensuref(board[id] == colour, "move %d: (%d, %d) holds '%c', but %s moves '%c' pieces", j,
                x, y, board[id], who, colour);
        board[empty] = colour;
        board[id] = '.';
        empty = id;
    }
    ensuref(!pieceNextTo(board, empty, rows, cols, 'O'),
            "after move %d Bunny can still move: the record must end with Bunny stuck", 2 * k);
    readEof();
}
