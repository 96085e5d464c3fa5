// Validator of problem `bunny` (NOI2011 "Bunny and Egg", BZOJ 2437, Luogu P1971), as
// self-contained C++17 source for judges that compile validators themselves (Polygon).
//
// Calling convention (testlib validators):
//     validator [--group G] [--allow-trailing-spaces] < input
// Exit codes: 0 valid, 3 invalid (one line on stderr: "invalid: line L, column C: expected
// ..., found ..."; line and column are 1-based, the column counts bytes). Usage errors, an
// unknown test group or an unreadable stdin exit 2, as gridjudge's own validator does.
// `--testset X` or `--testset=X`, which Polygon passes to validators, is accepted and ignored
// (gridjudge's validator has no such option).
//
// This file mirrors `validator bunny` of gridjudge (src/problems/bunny/mod.rs, `parse`, and the
// strict reader of src/reader.rs) rule for rule, and tests/bunny_cpp.rs checks that both take
// the same decision, at the same line and column, on every input it tries. It does not use
// testlib.h: the small strict reader below is all it needs.
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
// moves); after the 2k moves Bunny has no legal move. (Since the empty cell never returns to a
// cell, a legal record has 2k + 1 <= n*m; replaying the moves enforces that by itself.)

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

// ------------------------------------------------------------------------------------------
// Bounds: [constraints] and [groups.*] of problems/bunny/problem.toml.

struct Range {
    long long lo, hi;
};

struct Bounds {
    Range n, m, k;
};

// The statement's constraints (problem.toml, [constraints]).
const Bounds kConstraints = {{1, 40}, {1, 40}, {1, 1000}};

// The test groups (problem.toml, [groups.*]), in the order gridjudge lists them (by name).
// A group narrows n and m; k keeps the constraints' bounds.
struct Group {
    const char* name;
    Range n, m;
};

const Group kGroups[] = {
    {"16", {1, 16}, {1, 16}}, {"3x4", {3, 3}, {4, 4}}, {"3x7", {3, 3}, {7, 7}},
    {"40", {1, 40}, {1, 40}}, {"4x4", {4, 4}, {4, 4}}, {"4x5", {4, 4}, {5, 5}},
    {"n1", {1, 1}, {1, 20}},  {"n2", {2, 2}, {1, 40}},
};

// `a` intersected with `b`.
Range narrow(Range a, Range b) {
    return {a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

// ------------------------------------------------------------------------------------------
// Strict reader.

// A rejection: where, what was expected, what was found.
struct FormatError {
    long long line, col;
    std::string expected, found;
};

// How a byte is shown in a message: 'x', space, line end, CR (\r), tab, byte 0xff.
std::string describe_byte(unsigned char b) {
    if (b == ' ') return "space";
    if (b == '\n') return "line end";
    if (b == '\r') return "CR (\\r)";
    if (b == '\t') return "tab";
    if (b >= 0x21 && b <= 0x7e) return std::string("'") + static_cast<char>(b) + "'";
    char hex[16];
    std::snprintf(hex, sizeof hex, "byte 0x%02x", b);
    return hex;
}

// Reads an input held in memory; every space, line end and the end of file explicitly.
class StrictReader {
  public:
    StrictReader(const std::string& buf, bool lenient_trailing_spaces)
        : buf_(buf), lenient_(lenient_trailing_spaces) {}

    long long line() const { return line_; }

    FormatError error(const std::string& expected, const std::string& found) const {
        return FormatError{line_, col_, expected, found};
    }

    // Exactly one space.
    void read_space() {
        if (peek() == ' ') {
            bump();
            return;
        }
        throw error("a single space", found_here());
    }

    // Exactly one '\n'.
    void read_eoln() {
        skip_trailing_spaces();
        if (peek() == '\n') {
            bump();
            return;
        }
        throw error("line end", found_here());
    }

    // Nothing left.
    void read_eof() {
        skip_trailing_spaces();
        int c = peek();
        if (c == kEnd) return;
        if (c == '\n') throw error("end of file", "an extra line end");
        throw error("end of file", found_here());
    }

    // An integer in lo..=hi, written canonically: optional '-', digits, no leading zero, no
    // '+', not "-0".
    long long read_int(long long lo, long long hi, const std::string& name) {
        const std::string what =
            "integer " + name + " in " + std::to_string(lo) + "..=" + std::to_string(hi);
        const StrictReader start = *this;
        const bool neg = peek() == '-';
        std::string text;
        if (neg) {
            text.push_back('-');
            bump();
        }
        // At most 26 characters are kept: anything longer is out of every range anyway.
        while (peek() >= '0' && peek() <= '9') {
            text.push_back(static_cast<char>(peek()));
            bump();
            if (text.size() > 25) break;
        }
        const std::string digits = text.substr(neg ? 1 : 0);
        if (digits.empty()) {
            if (neg) throw error(what, found_here());
            throw start.error(what, start.found_here());
        }
        if (digits.size() > 1 && digits[0] == '0')
            throw start.error(what, "`" + text + "` (leading zero)");
        if (neg && digits == "0") throw start.error(what, "`-0`");
        // Bounds here are far below 10^18: more digits are out of range whatever they say.
        bool in_range = false;
        long long v = 0;
        if (digits.size() <= 18) {
            for (char d : digits) v = v * 10 + (d - '0');
            if (neg) v = -v;
            in_range = lo <= v && v <= hi;
        }
        if (!in_range) throw start.error(what, "`" + text + "` (out of range)");
        return v;
    }

    // Exactly `len` bytes, each one of `allowed`; returns them.
    std::string read_chars(long long len, const char* allowed, const std::string& name) {
        std::string out;
        for (long long i = 0; i < len; i++) {
            int c = peek();
            if (c != kEnd && c != '\n' && c != 0 && std::strchr(allowed, c) != nullptr) {
                out.push_back(static_cast<char>(c));
                bump();
            } else if (c == '\n' || c == kEnd) {
                throw error(std::to_string(len) + " characters of " + name,
                            found_here() + " after " + std::to_string(i) + " characters");
            } else {
                std::string set;
                for (const char* a = allowed; *a; a++) {
                    if (!set.empty()) set += ", ";
                    set += std::string("'") + *a + "'";
                }
                throw error("one of " + set + " in " + name, found_here());
            }
        }
        return out;
    }

  private:
    static constexpr int kEnd = -1;

    int peek() const {
        return pos_ < buf_.size() ? static_cast<unsigned char>(buf_[pos_]) : kEnd;
    }

    void bump() {
        if (buf_[pos_] == '\n') {
            line_++;
            col_ = 1;
        } else {
            col_++;
        }
        pos_++;
    }

    // What stands here, for a message; a run of spaces before a line end (or CR, or the end of
    // file) is a "trailing space".
    std::string found_here() const {
        int c = peek();
        if (c == kEnd) return "end of file";
        if (c == ' ') {
            size_t p = pos_;
            while (p < buf_.size() && buf_[p] == ' ') p++;
            if (p == buf_.size() || buf_[p] == '\n' || buf_[p] == '\r') return "trailing space";
            return "space";
        }
        return describe_byte(static_cast<unsigned char>(c));
    }

    // With --allow-trailing-spaces: spaces right before a line end or the end of file.
    void skip_trailing_spaces() {
        if (!lenient_) return;
        size_t p = pos_;
        while (p < buf_.size() && buf_[p] == ' ') p++;
        if (p == buf_.size() || buf_[p] == '\n') {
            while (pos_ < p) bump();
        }
    }

    const std::string& buf_;
    size_t pos_ = 0;
    long long line_ = 1, col_ = 1;
    bool lenient_;
};

// ------------------------------------------------------------------------------------------
// The game record.

// "move 3 (Bunny's 2nd)": who makes 1-based move j.
std::string name_move(long long j) {
    const bool bunny = j % 2 == 1;
    const long long i = bunny ? (j + 1) / 2 : j / 2;
    const char* suffix = "th";
    if (i % 10 == 1 && i % 100 != 11) suffix = "st";
    if (i % 10 == 2 && i % 100 != 12) suffix = "nd";
    if (i % 10 == 3 && i % 100 != 13) suffix = "rd";
    return "move " + std::to_string(j) + " (" + (bunny ? "Bunny" : "Egg") + "'s " +
           std::to_string(i) + suffix + ")";
}

struct Board {
    long long n = 0, m = 0;
    std::vector<char> cells;  // row-major, cell id = row * m + col (0-based)

    // "(row, column)", 1-based as in the input.
    std::string show(long long id) const {
        return "(" + std::to_string(id / m + 1) + ", " + std::to_string(id % m + 1) + ")";
    }

    // The up to four 4-neighbours of `id`, in the order up, left, right, down; returns how many.
    int neighbours(long long id, long long out[4]) const {
        const long long r = id / m, c = id % m;
        int cnt = 0;
        if (r > 0) out[cnt++] = id - m;
        if (c > 0) out[cnt++] = id - 1;
        if (c + 1 < m) out[cnt++] = id + 1;
        if (r + 1 < n) out[cnt++] = id + m;
        return cnt;
    }
};

// The first piece of `colour` next to `empty` on `board`, or -1: the witness that the player
// moving that colour has a legal move.
long long a_legal_move(const Board& g, const std::vector<char>& board, long long empty,
                       char colour) {
    long long nb[4];
    const int cnt = g.neighbours(empty, nb);
    for (int i = 0; i < cnt; i++)
        if (board[nb[i]] == colour) return nb[i];
    return -1;
}

// Reads and replays the whole record; throws the first defect. Returns the board size "NxM".
std::string validate(const std::string& input, const Bounds& b, bool lenient) {
    StrictReader r(input, lenient);
    Board g;
    g.n = r.read_int(b.n.lo, b.n.hi, "n");
    r.read_space();
    g.m = r.read_int(b.m.lo, b.m.hi, "m");
    r.read_eoln();
    for (long long row = 0; row < g.n; row++) {
        const std::string line =
            r.read_chars(g.m, "XO.", "board row " + std::to_string(row + 1));
        g.cells.insert(g.cells.end(), line.begin(), line.end());
        r.read_eoln();
    }

    // Exactly one empty cell.
    long long start = -1;
    for (long long id = 0; id < g.n * g.m; id++) {
        if (g.cells[id] != '.') continue;
        if (start >= 0) {
            throw FormatError{id / g.m + 2, id % g.m + 1,
                              "exactly one empty cell '.' in the board",
                              "a second '.' (the first is at " + g.show(start) + ")"};
        }
        start = id;
    }
    if (start < 0) {
        throw FormatError{2, 1,
                          "exactly one empty cell '.' in the board (lines 2..=" +
                              std::to_string(g.n + 1) + ")",
                          "no '.'"};
    }

    const long long k = r.read_int(b.k.lo, b.k.hi, "k");
    r.read_eoln();

    // Replay the 2k moves: j odd is Bunny's (white pieces), j even Egg's (black pieces).
    std::vector<char> board = g.cells;
    long long empty = start;
    for (long long j = 1; j <= 2 * k; j++) {
        const long long line = r.line();
        const long long x = r.read_int(1, g.n, "x");
        r.read_space();
        const long long y = r.read_int(1, g.m, "y");
        r.read_eoln();
        const std::string expected = "a legal " + name_move(j);
        const std::string xy = "(" + std::to_string(x) + ", " + std::to_string(y) + ")";
        const char colour = j % 2 == 1 ? 'O' : 'X';

        if (a_legal_move(g, board, empty, colour) < 0) {
            std::string found;
            if (j % 2 == 0) {
                found = "Egg had no legal move after " + name_move(j - 1) +
                        " (no black piece next to the empty cell " + g.show(empty) +
                        "): the game ended there and Bunny won";
            } else if (j == 1) {
                found = "Bunny has no legal move at the start (no white piece next to the "
                        "empty cell " +
                        g.show(empty) + "): there is no game with k >= 1";
            } else {
                found = "Bunny had no legal move after " + name_move(j - 1) +
                        " (no white piece next to the empty cell " + g.show(empty) +
                        "): the game had already ended";
            }
            throw FormatError{line, 1, expected, found};
        }
        const long long id = (x - 1) * g.m + (y - 1);
        if (id == empty)
            throw FormatError{line, 1, expected, xy + " is the empty cell itself, not a piece"};
        long long nb[4];
        const int cnt = g.neighbours(empty, nb);
        bool adjacent = false;
        for (int i = 0; i < cnt; i++) adjacent = adjacent || nb[i] == id;
        if (!adjacent) {
            throw FormatError{line, 1, expected,
                              xy + " is not adjacent to the empty cell " + g.show(empty)};
        }
        const char piece = board[id];
        if (piece != colour) {
            throw FormatError{line, 1, expected,
                              xy + " holds '" + piece + "', but " +
                                  (colour == 'O' ? "Bunny" : "Egg") + " moves '" + colour +
                                  "' pieces: wrong colour"};
        }
        board[empty] = piece;
        board[id] = '.';
        empty = id;
    }

    // Bunny lost: no white piece next to the empty cell at the end. Reported on the line of
    // the last move.
    const long long w = a_legal_move(g, board, empty, 'O');
    if (w >= 0) {
        throw FormatError{r.line() - 1, 1,
                          "a record that ends with Bunny unable to move after " +
                              name_move(2 * k),
                          "Bunny could still move at the end: the white piece " + g.show(w) +
                              " is next to the empty cell " + g.show(empty)};
    }
    r.read_eof();
    return std::to_string(g.n) + "x" + std::to_string(g.m);
}

void usage() {
    std::fprintf(stderr,
                 "usage: validator [--group G] [--allow-trailing-spaces] < input\n"
                 "exit 0 valid, 3 invalid (message names line and column), 2 usage error\n");
}

}  // namespace

int main(int argc, char** argv) {
    const char* group = nullptr;
    bool lenient = false;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        if (a == "--group" && i + 1 < argc) {
            group = argv[++i];
        } else if (a.compare(0, 8, "--group=") == 0) {
            group = argv[i] + 8;
        } else if (a == "--testset" && i + 1 < argc) {
            i++;  // Polygon's name of the test set: accepted, not used
        } else if (a.compare(0, 10, "--testset=") == 0) {
            // the same, in one argument
        } else if (a == "--allow-trailing-spaces") {
            lenient = true;
        } else if (a == "--help" || a == "-h") {
            usage();
            return 0;
        } else {
            std::fprintf(stderr, "validator: error: unexpected argument '%s'\n", argv[i]);
            usage();
            return 2;
        }
    }

    Bounds bounds = kConstraints;
    if (group != nullptr) {
        const Group* found = nullptr;
        std::string names;
        for (const Group& g : kGroups) {
            if (std::strcmp(g.name, group) == 0) found = &g;
            names += (names.empty() ? "" : ", ") + std::string(g.name);
        }
        if (found == nullptr) {
            std::fprintf(stderr,
                         "validator: error: no test group `%s` in problem `bunny` (groups: %s)\n",
                         group, names.c_str());
            return 2;
        }
        bounds.n = narrow(bounds.n, found->n);
        bounds.m = narrow(bounds.m, found->m);
    }

    std::string input;
    char chunk[1 << 16];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof chunk, stdin)) > 0) input.append(chunk, got);
    if (std::ferror(stdin)) {
        std::fprintf(stderr, "validator: cannot read stdin\n");
        return 2;
    }

    try {
        const std::string size = validate(input, bounds, lenient);
        std::fprintf(stderr, "valid: bunny %s\n", size.c_str());
        return 0;
    } catch (const FormatError& e) {
        std::fprintf(stderr, "invalid: line %lld, column %lld: expected %s, found %s\n", e.line,
                     e.col, e.expected.c_str(), e.found.c_str());
        return 3;
    }
}
