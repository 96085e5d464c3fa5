// Validator of problem `bunny` (NOI2011 "Bunny and Egg", BZOJ 2437, Luogu P1971), as self-contained
// C++ source (C++14 or later; Luogu: g++ -fno-asm -std=c++14 -O2) for judges that compile
// validators themselves (Polygon).
//
// Calling convention (testlib validators):
//     validator [--group G] [--testset T] [--testOverviewLogFileName F] [--testMarkupFileName F]
//               [--testCase N] [--testCaseFileName F] [--allow-trailing-spaces] < input
// Exit codes: 0 valid, 3 invalid (one line on stderr: "invalid: line L, column C: expected
// ..., found ..."; line and column are 1-based, the column counts bytes). Usage errors, an
// unknown test group, an unreadable stdin or an unwritable log exit 2, as gridjudge's own
// validator does. testlib's validator flags, as gridjudge's validator takes them (`--name V` or
// `--name=V`, each at most once): `--testset X` is accepted and ignored; `--group default` is
// no group (there is no group of that name); on a valid input `--testOverviewLogFileName F`
// writes testlib's overview log (for n, m, k, x, y: `"n": min-value-hit max-value-hit` with
// each word only when a value hit that bound, then `constant-bounds "n": LO HI` for the
// variables always read with the same bounds, then `variable "n"` lines) and
// `--testMarkupFileName F` testlib's test markup (the header "MU\xF3\x01", then the input with
// '\\' and '!' escaped); F may be `stdout` or `stderr`. `--testCase N` and `--testCaseFileName
// F` are accepted: an input holds one test case, for which testlib writes nothing.
//
// Kattis input validator convention (when compiled with -DKATTIS, as the `build` script of a
// `gridjudge export --format kattis` package does): the same rules and flags, exit 42 valid and
// 43 invalid instead of 0 and 3 (usage errors still exit 2, which Kattis tools report as a
// validator failure). Arguments this validator does not know are ignored under KATTIS: the
// Kattis spec appends a test case's own `args` (meant for the submission) to the validator's,
// and BAPCtools adds `--constraints_file F` (also ignored: no constraints file is written).
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
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace {

// Exit codes of a valid and an invalid input: testlib's, or Kattis' under -DKATTIS.
#ifdef KATTIS
const int kValid = 42, kInvalid = 43;
const bool kKattis = true;
#else
const int kValid = 0, kInvalid = 3;
const bool kKattis = false;
#endif

// ------------------------------------------------------------------------------------------
// testlib's overview log: for every integer read with a name, whether a value hit its bounds.

struct Hit {
    bool min_hit = false, max_hit = false;
    long long lo = 0, hi = 0;
    bool varied = false;  // read with different bounds
};
std::map<std::string, Hit> g_hits;

void record_hit(const std::string& name, long long lo, long long hi, long long v) {
    const bool first = g_hits.count(name) == 0;
    Hit& h = g_hits[name];
    h.min_hit = h.min_hit || v == lo;
    h.max_hit = h.max_hit || v == hi;
    if (first) {
        h.lo = lo;
        h.hi = hi;
    } else if (h.lo != lo || h.hi != hi) {
        h.varied = true;
    }
}

std::string overview_log() {
    std::string s;
    for (const auto& e : g_hits) {
        s += "\"" + e.first + "\":";
        if (e.second.min_hit) s += " min-value-hit";
        if (e.second.max_hit) s += " max-value-hit";
        s += "\n";
    }
    for (const auto& e : g_hits) {
        if (!e.second.varied) {
            s += "constant-bounds \"" + e.first + "\": " + std::to_string(e.second.lo) + " " +
                 std::to_string(e.second.hi) + "\n";
        }
    }
    for (const auto& e : g_hits) s += "variable \"" + e.first + "\"\n";
    return s;
}

// testlib's test markup of a one-case input: a header, then the input with '\\' and '!'
// escaped by a '\\'.
std::string test_markup(const std::string& input) {
    std::string s = "MU\xF3\x01";
    for (char c : input) {
        if (c == '\\' || c == '!') s += '\\';
        s += c;
    }
    return s;
}

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
        record_hit(name, lo, hi, v);
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
                 "usage: validator [--group G] [--testset T] [--testOverviewLogFileName F]\n"
                 "       [--testMarkupFileName F] [--testCase N] [--testCaseFileName F]\n"
                 "       [--allow-trailing-spaces] < input\n"
                 "exit 0 valid, 3 invalid (message names line and column), 2 usage error\n");
}

[[noreturn]] void usage_error(const std::string& message) {
    std::fprintf(stderr, "validator: error: %s\n", message.c_str());
    usage();
    std::exit(2);
}

// A valued option `--name V` or `--name=V` at argv[i] (moving i past V), once at most.
// Returns false when argv[i] is not that option.
bool value_option(int argc, char** argv, int& i, const std::string& name, std::string& value,
                  bool& seen) {
    const std::string a = argv[i];
    const std::string flag = "--" + name;
    if (a != flag && a.compare(0, flag.size() + 1, flag + "=") != 0) return false;
    if (seen) usage_error("the argument '" + flag + "' cannot be used multiple times");
    if (a == flag) {
        if (i + 1 >= argc) usage_error("a value is required for '" + flag + "'");
        value = argv[++i];
    } else {
        value = a.substr(flag.size() + 1);
    }
    seen = true;
    return true;
}

// Writes `text` to `name` as testlib does: `stdout` and `stderr` are the streams.
void write_named(const std::string& name, const std::string& text, const char* what) {
    const bool stream = name == "stdout" || name == "stderr";
    std::FILE* f = name == "stdout" ? stdout : name == "stderr" ? stderr
                                                                : std::fopen(name.c_str(), "wb");
    bool ok = f != nullptr && std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (f != nullptr) ok = (stream ? std::fflush(f) : std::fclose(f)) == 0 && ok;
    if (!ok) {
        std::fprintf(stderr, "validator: cannot write the %s %s\n", what, name.c_str());
        std::exit(2);
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::string group_name, testset, overview, markup, test_case, test_case_file;
    bool has_group = false, has_testset = false, has_overview = false, has_markup = false,
         has_test_case = false, has_test_case_file = false, lenient = false;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        if (a == "--allow-trailing-spaces") {
            lenient = true;
        } else if (a == "--help" || a == "-h") {
            usage();
            return 0;
        } else if (value_option(argc, argv, i, "testset", testset, has_testset)) {
            // Polygon's name of the test set: accepted, not used.
            if (testset.empty()) usage_error("expected a non-empty test set after --testset");
        } else if (value_option(argc, argv, i, "group", group_name, has_group)) {
        } else if (value_option(argc, argv, i, "testOverviewLogFileName", overview,
                                has_overview)) {
        } else if (value_option(argc, argv, i, "testMarkupFileName", markup, has_markup)) {
        } else if (value_option(argc, argv, i, "testCase", test_case, has_test_case)) {
            // One test case per input: testlib writes nothing for it. N must be >= 1.
            bool ok = !test_case.empty() && test_case.size() <= 18 && test_case[0] != '0';
            for (char c : test_case) ok = ok && c >= '0' && c <= '9';
            if (!ok) usage_error("invalid value '" + test_case + "' for '--testCase <N>'");
        } else if (value_option(argc, argv, i, "testCaseFileName", test_case_file,
                                has_test_case_file)) {
        } else if (kKattis && a == "--constraints_file" && i + 1 < argc) {
            i++;  // BAPCtools' constraints file: not written
        } else if (!kKattis) {
            usage_error("unexpected argument '" + a + "'");
        }
    }
    // `--group default` is no group: there is no group of that name.
    const char* group = has_group && group_name != "default" ? group_name.c_str() : nullptr;

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
        if (has_overview) write_named(overview, overview_log(), "test overview log");
        if (has_markup) write_named(markup, test_markup(input), "test markup");
        std::fprintf(stderr, "valid: bunny %s\n", size.c_str());
        return kValid;
    } catch (const FormatError& e) {
        std::fprintf(stderr, "invalid: line %lld, column %lld: expected %s, found %s\n", e.line,
                     e.col, e.expected.c_str(), e.found.c_str());
        return kInvalid;
    }
}
