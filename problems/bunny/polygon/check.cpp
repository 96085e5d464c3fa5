// Checker of problem `bunny` (NOI2011 "Bunny and Egg", BZOJ 2437, Luogu P1971) for a Polygon
// package: written against testlib's API (C++14 or later; g++ -fno-asm -std=c++14 -O2), so that
// every consumer of the package builds it with its own testlib.h and gets its own calling
// convention: Polygon and Codeforces (`check <input> <output> <answer>`, exit 0/1/2/3), CMS's
// Polygon loader (-DCMS), p2d's DOMjudge testlib.h (`check <input> <answer> <feedback_dir> <
// output`, exit 42/43). testlib decides how the files are named, opened and reported; this file
// decides the verdict.
//
// It mirrors `checker bunny` of gridjudge (src/problems/bunny/check.rs with the token reader of
// src/reader.rs) verdict for verdict, like the self-contained ../testlib/checker.cpp, whose
// header lists the rules; tests/common/mirror.rs compares the verdicts with the Rust checker.
// In short, the first defect in reading order decides:
//   * tokens are separated by any run of space, \t, \n, \v, \f, \r (gridjudge's set: testlib's
//     own readToken knows only space, \t, \n, \r, so tokens are read here byte by byte through
//     testlib's stream, never with readToken/readInt); a token longer than 64 bytes is PE;
//   * PE: an empty output; a token that is not an integer as testlib's readLong reads one
//     (optional '-', digits, no '+', no leading zero, not "-0", within 64 bits); fewer than r
//     indices; a token after the r indices;
//   * WA: r outside 0..=k (nothing after it is read), an index outside 1..=k, an index not
//     greater than the one before; then, the whole output read, a list that differs from the
//     jury's;
//   * the input (the game record: n, m <= 65536, n*m <= 2^28, the board with exactly one '.',
//     k <= 2^28, 2k legal moves, Bunny stuck at the end) and the jury answer are read by the
//     same tokens; any defect in them is FAIL.
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
// The input: the game record by tokens, replayed; any defect is FAIL.

[[noreturn]] void badInput(const std::string& what) {
    finish(_fail, "input does not validate: expected " + what);
}

long long readInputInt(Tokens& in, long long hi, const char* name) {
    Token t;
    long long v = 0;
    if (!in.next(t, 24, false) || !t.asInt(v) || v < 1 || v > hi) {
        badInput(std::string("integer ") + name + " in 1..=" + std::to_string(hi));
    }
    return v;
}

// The up to four 4-neighbours of `id` on an n x m board; returns how many.
int neighbours(long long id, long long n, long long m, long long out[4]) {
    const long long r = id / m, c = id % m;
    int cnt = 0;
    if (r > 0) out[cnt++] = id - m;
    if (c > 0) out[cnt++] = id - 1;
    if (c + 1 < m) out[cnt++] = id + 1;
    if (r + 1 < n) out[cnt++] = id + m;
    return cnt;
}

bool pieceNextTo(const std::vector<char>& board, long long empty, long long n, long long m,
                 char colour) {
    long long nb[4];
    const int cnt = neighbours(empty, n, m, nb);
    for (int i = 0; i < cnt; i++) {
        if (board[static_cast<size_t>(nb[i])] == colour) return true;
    }
    return false;
}

// Reads and replays the record; returns k.
long long readRecord(Tokens& in) {
    const long long kMaxSide = 1 << 16, kMaxCells = 1LL << 28;
    const long long n = readInputInt(in, kMaxSide, "n");
    const long long m = readInputInt(in, kMaxSide, "m");
    if (n * m > kMaxCells) badInput("n*m <= " + std::to_string(kMaxCells));
    std::vector<char> board;
    Token row;
    for (long long r = 0; r < n; r++) {
        const std::string what = std::to_string(m) + " characters 'X', 'O', '.' in board row " +
                                 std::to_string(r + 1);
        if (!in.next(row, static_cast<size_t>(m), false) || row.tooLong ||
            row.bytes.size() != static_cast<size_t>(m)) {
            badInput(what);
        }
        for (char b : row.bytes) {
            if (b != 'X' && b != 'O' && b != '.') badInput(what);
            board.push_back(b);
        }
    }
    long long empty = -1;
    for (long long id = 0; id < n * m; id++) {
        if (board[static_cast<size_t>(id)] != '.') continue;
        if (empty >= 0) badInput("exactly one empty cell '.' (found a second one)");
        empty = id;
    }
    if (empty < 0) badInput("exactly one empty cell '.' (found none)");
    const long long k = readInputInt(in, kMaxCells, "k");
    for (long long j = 1; j <= 2 * k; j++) {
        const long long x = readInputInt(in, n, "x");
        const long long y = readInputInt(in, m, "y");
        const char colour = j % 2 == 1 ? 'O' : 'X';
        const std::string what = "a legal move " + std::to_string(j);
        if (!pieceNextTo(board, empty, n, m, colour)) {
            badInput(what + " (the mover had no legal move: the game was over)");
        }
        const long long id = (x - 1) * m + (y - 1);
        long long nb[4];
        const int cnt = neighbours(empty, n, m, nb);
        bool adjacent = false;
        for (int i = 0; i < cnt; i++) adjacent = adjacent || nb[i] == id;
        if (!adjacent) badInput(what + " (a piece next to the empty cell)");
        if (board[static_cast<size_t>(id)] != colour) {
            badInput(what + " (a piece of the mover's colour)");
        }
        board[static_cast<size_t>(empty)] = colour;
        board[static_cast<size_t>(id)] = '.';
        empty = id;
    }
    if (pieceNextTo(board, empty, n, m, 'O')) {
        badInput("a record that ends with Bunny unable to move");
    }
    Token extra;
    if (in.next(extra, 0, false)) badInput("end of file after the moves");
    return k;
}

// ------------------------------------------------------------------------------------------
// The answer: r, then r indices in 1..=k, strictly increasing, then nothing. Read once for the
// jury (any defect is FAIL) and once for the contestant (PE or WA as the rule says).

// The next token of an answer; a token longer than 64 bytes is `pe`.
bool answerToken(Tokens& in, Token& t, TResult pe, const std::string& prefix) {
    if (!in.next(t, kMaxToken, true)) return false;
    if (t.tooLong) {
        finish(pe, prefix + t.at() + ": token longer than 64 bytes (starts " + t.show() + ")");
    }
    return true;
}

std::vector<long long> readAnswer(Tokens& in, long long k, bool jury) {
    const std::string prefix = jury ? "jury answer is broken: " : "";
    const TResult pe = jury ? _fail : _pe;
    const TResult wa = jury ? _fail : _wa;
    std::vector<long long> list;
    Token t;
    long long r = 0, v = 0;
    if (!answerToken(in, t, pe, prefix)) {
        finish(pe, prefix + "empty output: expected r, the number of mistakes");
    }
    if (!t.asInt(r)) {
        finish(pe, prefix + t.at() + ": expected r, the number of mistakes, found " + t.show());
    }
    if (r < 0 || r > k) {
        finish(wa, prefix + t.at() + ": count r = " + std::to_string(r) +
                       " is out of range 0..=" + std::to_string(k) + " (Bunny made " +
                       std::to_string(k) + " moves)");
    }
    const std::string of = " of " + std::to_string(r);
    for (long long j = 1; j <= r; j++) {
        if (!answerToken(in, t, pe, prefix)) {
            finish(pe, prefix + "r = " + std::to_string(r) + ", but the output ends after " +
                           std::to_string(j - 1) + " indices");
        }
        if (!t.asInt(v)) {
            finish(pe, prefix + t.at() + ": index " + std::to_string(j) + of +
                           ": expected an integer, found " + t.show());
        }
        if (v < 1 || v > k) {
            finish(wa, prefix + t.at() + ": index " + std::to_string(j) + of + " is " +
                           std::to_string(v) + ", out of range 1..=" + std::to_string(k));
        }
        if (!list.empty() && list.back() >= v) {
            finish(wa, prefix + t.at() + ": index " + std::to_string(j) + of + " is " +
                           std::to_string(v) + ", after " + std::to_string(list.back()) +
                           ": the indices must be strictly increasing");
        }
        list.push_back(v);
    }
    if (answerToken(in, t, pe, prefix)) {
        finish(pe, prefix + t.at() + ": expected the end of the output after the " +
                       std::to_string(r) + " indices, found " + t.show());
    }
    return list;
}

// WA message: how the printed list differs from the jury's (both strictly increasing).
std::string explainDifference(const std::vector<long long>& jury,
                              const std::vector<long long>& got) {
    std::string what = jury.size() == got.size()
                           ? "right count r = " + std::to_string(jury.size()) + ", wrong indices"
                           : "expected r = " + std::to_string(jury.size()) + " mistakes, found " +
                                 std::to_string(got.size());
    std::string shown;
    size_t missing = 0, extra = 0, listed = 0;
    size_t i = 0, j = 0;
    while (i < jury.size() || j < got.size()) {
        std::string note;
        if (j == got.size() || (i < jury.size() && jury[i] < got[j])) {
            note = "-" + std::to_string(jury[i++]);
            missing++;
        } else if (i == jury.size() || got[j] < jury[i]) {
            note = "+" + std::to_string(got[j++]);
            extra++;
        } else {
            i++;
            j++;
            continue;
        }
        if (listed++ < 8) shown += (shown.empty() ? "" : ", ") + note;
    }
    if (listed > 8) shown += ", ... " + std::to_string(listed - 8) + " more";
    return what + ": " + std::to_string(missing) + " missing, " + std::to_string(extra) +
           " extra (- missing, + extra): " + shown;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);

    Tokens input(inf);
    const long long k = readRecord(input);
    Tokens answer(ans);
    const std::vector<long long> jury = readAnswer(answer, k, true);
    Tokens output(ouf);
    const std::vector<long long> got = readAnswer(output, k, false);
    if (got == jury) {
        finish(_ok, "r = " + std::to_string(jury.size()) + " mistakes of k = " +
                        std::to_string(k) + " moves");
    }
    finish(_wa, explainDifference(jury, got));
}
