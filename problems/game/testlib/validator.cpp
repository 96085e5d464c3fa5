// Input validator of problem `game` (JSOI2009 "Game", BZOJ 1443, Luogu P4055), as a self-contained
// C++ source (C++14 or later; Luogu: g++ -fno-asm -std=c++14 -O2) for judges that build validators
// from source (Polygon).
//
// Calling convention (testlib validators):
//     validator [--group G] [--testset T] [--testOverviewLogFileName F] [--testMarkupFileName F]
//               [--testCase N] [--testCaseFileName F] [--allow-trailing-spaces] < input
// Exit codes:
//     0  valid    (stderr: "valid: game NxM")
//     3  invalid  (stderr, one line: "invalid: line L, column C: expected ..., found ...";
//                  L and C are 1-based, C counts bytes)
//     2  usage error: unknown option, unknown test group, unreadable stdin, unwritable log
// These are the codes and messages of gridjudge's own `validator game` (validator/src/main.rs),
// which this file mirrors rule for rule: `parse` in src/problems/game/mod.rs and the strict
// reader of src/reader.rs. tests/game_cpp.rs checks that both reach the same decision, with
// the same message, on every input it tries.
// testlib's validator flags, as gridjudge's validator takes them: `--testset X` is accepted and
// ignored; `--group default` is no group (there is no group of that name); on a valid input,
// `--testOverviewLogFileName F` writes testlib's overview log (for N and M: whether the minimum
// and the maximum were hit, `"N": min-value-hit max-value-hit`, then `constant-bounds "N": LO
// HI` and `variable "N"` lines) and `--testMarkupFileName F` testlib's test markup (the header
// "MU\xF3\x01", then the input with '\\' and '!' escaped); F may be `stdout` or `stderr`.
// `--testCase N` and `--testCaseFileName F` are accepted: an input holds one test case, for
// which testlib writes nothing.
//
// Kattis input validator convention (when compiled with -DKATTIS, as the `build` script of a
// `gridjudge export --format kattis` package does): the same rules and flags, exit 42 valid and
// 43 invalid instead of 0 and 3 (usage errors still exit 2, which Kattis tools report as a
// validator failure). Arguments this validator does not know are ignored under KATTIS: the
// Kattis spec appends a test case's own `args` (meant for the submission) to the validator's,
// and BAPCtools adds `--constraints_file F` (also ignored: no constraints file is written).
//
// testlib.h is not needed: the strict reader below is all this validator uses.
//
// Input format:
//     N M                    1 <= N, M <= 100 (narrowed by the test group, if any)
//     N rows of M characters each one of '.' (free) and '#' (wall)
// Strict: exactly one space between N and M, '\n' after every line (no CR, no tab, no
// trailing space unless --allow-trailing-spaces), nothing after the last row; integers
// without leading zeros, '+' signs or "-0". Nothing else is constrained: a maze with no free
// cell is valid.

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

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
// Bounds, from problems/game/problem.toml.

struct Range {
    long long lo, hi;
};

// [constraints]
const Range kN = {1, 100};
const Range kM = {1, 100};

// [groups.*]: extra bounds on top of the constraints (the two are intersected).
struct Group {
    const char* name;
    Range n, m;
};
const Group kGroups[] = {
    {"small", {1, 5}, {1, 5}},
};

Range intersect(Range a, Range b) {
    return Range{a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

// ------------------------------------------------------------------------------------------
// testlib's overview log: for every integer read with a name, whether a value hit its bounds.

struct Hit {
    bool minHit = false, maxHit = false;
    long long lo = 0, hi = 0;
    bool varied = false;  // read with different bounds
};
std::map<std::string, Hit> g_hits;

void recordHit(const std::string& name, Range r, long long v) {
    const bool first = g_hits.count(name) == 0;
    Hit& h = g_hits[name];
    h.minHit = h.minHit || v == r.lo;
    h.maxHit = h.maxHit || v == r.hi;
    if (first) {
        h.lo = r.lo;
        h.hi = r.hi;
    } else if (h.lo != r.lo || h.hi != r.hi) {
        h.varied = true;
    }
}

std::string overviewLog_() {
    std::string s;
    for (const auto& e : g_hits) {
        s += "\"" + e.first + "\":";
        if (e.second.minHit) s += " min-value-hit";
        if (e.second.maxHit) s += " max-value-hit";
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

// ------------------------------------------------------------------------------------------
// Messages.

// One byte as the messages show it: space, line end, CR (\r), tab, 'x', byte 0xNN.
std::string describeByte(unsigned char b) {
    switch (b) {
        case ' ':
            return "space";
        case '\n':
            return "line end";
        case '\r':
            return "CR (\\r)";
        case '\t':
            return "tab";
        default:
            break;
    }
    char tmp[16];
    if (b >= 0x21 && b <= 0x7e) {
        std::snprintf(tmp, sizeof tmp, "'%c'", b);
    } else {
        std::snprintf(tmp, sizeof tmp, "byte 0x%02x", b);
    }
    return tmp;
}

[[noreturn]] void invalid(unsigned long long line, unsigned long long col,
                          const std::string& expected, const std::string& found) {
    std::fprintf(stderr, "invalid: line %llu, column %llu: expected %s, found %s\n", line, col,
                 expected.c_str(), found.c_str());
    std::exit(kInvalid);
}

[[noreturn]] void usage(const std::string& message) {
    std::fprintf(stderr, "validator: error: %s\n", message.c_str());
    std::fprintf(stderr,
                 "usage: validator [--group G] [--testset T] [--testOverviewLogFileName F] "
                 "[--testMarkupFileName F] [--testCase N] [--testCaseFileName F] "
                 "[--allow-trailing-spaces] < input\n");
    std::exit(2);
}

// A valued option `--name V` or `--name=V` at argv[i] (moving i past V), once at most.
// Returns false when argv[i] is not that option.
bool valueOption(int argc, char** argv, int& i, const std::string& name, std::string& value,
                 bool& seen) {
    const std::string a = argv[i];
    const std::string flag = "--" + name;
    if (a != flag && a.compare(0, flag.size() + 1, flag + "=") != 0) return false;
    if (seen) usage("the argument '" + flag + "' cannot be used multiple times");
    if (a == flag) {
        if (i + 1 >= argc) usage("a value is required for '" + flag + "'");
        value = argv[++i];
    } else {
        value = a.substr(flag.size() + 1);
    }
    seen = true;
    return true;
}

// Writes `text` to `name` as testlib does: `stdout` and `stderr` are the streams.
void writeNamed(const std::string& name, const std::string& text, const char* what) {
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

// testlib's test markup of a one-case input: a header, then the input with '\\' and '!'
// escaped by a '\\'.
std::string testMarkup(const std::string& input) {
    std::string s = "MU\xF3\x01";
    for (char c : input) {
        if (c == '\\' || c == '!') s += '\\';
        s += c;
    }
    return s;
}

// ------------------------------------------------------------------------------------------
// The strict reader: the whole input in memory, every byte read explicitly, a position of
// 1-based line and column (bytes) kept for the messages.

class Strict {
public:
    Strict(const std::string& data, bool lenientTrailingSpaces)
        : buf_(data), lenient_(lenientTrailingSpaces) {}

    // Exactly one space.
    void readSpace() {
        if (peek() == ' ') {
            bump();
            return;
        }
        invalid(line_, col_, "a single space", foundHere());
    }

    // Exactly one '\n'.
    void readEoln() {
        skipTrailingSpaces();
        if (peek() == '\n') {
            bump();
            return;
        }
        invalid(line_, col_, "line end", foundHere());
    }

    // Nothing left.
    void readEof() {
        skipTrailingSpaces();
        int c = peek();
        if (c == kEnd) return;
        if (c == '\n') invalid(line_, col_, "end of file", "an extra line end");
        invalid(line_, col_, "end of file", foundHere());
    }

    // An integer in [r.lo, r.hi] in canonical form: optional '-', then digits, no leading
    // zero, no "-0". At most 26 characters are taken; anything that long is out of range.
    long long readInt(Range r, const char* name) {
        const std::string what = "integer " + std::string(name) + " in " +
                                 std::to_string(r.lo) + "..=" + std::to_string(r.hi);
        const unsigned long long startLine = line_, startCol = col_;
        std::string text;
        const bool neg = peek() == '-';
        if (neg) {
            text.push_back('-');
            bump();
        }
        while (peek() >= '0' && peek() <= '9') {
            text.push_back(static_cast<char>(peek()));
            bump();
            if (text.size() > 25) break;
        }
        const std::string digits = text.substr(neg ? 1 : 0);
        if (digits.empty()) {
            // Nothing was read but the sign, if any: report what stands here.
            invalid(line_, col_, what, foundHere());
        }
        if (digits.size() > 1 && digits[0] == '0') {
            invalid(startLine, startCol, what, "`" + text + "` (leading zero)");
        }
        if (neg && digits == "0") invalid(startLine, startCol, what, "`-0`");
        // Up to 18 digits fit in a long long; anything longer is out of every range here.
        bool inRange = digits.size() <= 18;
        long long value = 0;
        if (inRange) {
            for (char d : digits) value = value * 10 + (d - '0');
            if (neg) value = -value;
            inRange = value >= r.lo && value <= r.hi;
        }
        if (!inRange) invalid(startLine, startCol, what, "`" + text + "` (out of range)");
        recordHit(name, r, value);
        return value;
    }

    // Exactly `len` characters, each '.' or '#'; `name` names the row in messages.
    void readRow(long long len, const std::string& name) {
        for (long long i = 0; i < len; i++) {
            int c = peek();
            if (c == '.' || c == '#') {
                bump();
            } else if (c == '\n' || c == kEnd) {
                invalid(line_, col_, std::to_string(len) + " characters of " + name,
                        foundHere() + " after " + std::to_string(i) + " characters");
            } else {
                invalid(line_, col_, "one of '.', '#' in " + name, foundHere());
            }
        }
    }

private:
    static const int kEnd = -1;

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

    // Length of the run of spaces starting at the current position.
    size_t spaceRun() const {
        size_t run = 0;
        while (pos_ + run < buf_.size() && buf_[pos_ + run] == ' ') run++;
        return run;
    }

    // What stands at the current position, as the messages name it. A run of spaces that
    // ends at a line end, a CR or the end of the file is a "trailing space".
    std::string foundHere() const {
        int c = peek();
        if (c == kEnd) return "end of file";
        if (c == ' ') {
            size_t after = pos_ + spaceRun();
            if (after == buf_.size() || buf_[after] == '\n' || buf_[after] == '\r') {
                return "trailing space";
            }
            return "space";
        }
        return describeByte(static_cast<unsigned char>(c));
    }

    // With --allow-trailing-spaces: skip spaces that end at a line end or the end of file.
    void skipTrailingSpaces() {
        if (!lenient_) return;
        size_t run = spaceRun();
        size_t after = pos_ + run;
        if (after == buf_.size() || buf_[after] == '\n') {
            for (size_t i = 0; i < run; i++) bump();
        }
    }

    const std::string& buf_;
    size_t pos_ = 0;
    unsigned long long line_ = 1, col_ = 1;
    bool lenient_;
};

}  // namespace

int main(int argc, char** argv) {
    // Arguments.
    std::string group, testset, overviewLog, markup, testCase, testCaseFile;
    bool hasGroup = false, hasTestset = false, hasOverviewLog = false, hasMarkup = false,
         hasTestCase = false, hasTestCaseFile = false, lenient = false;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        if (a == "--allow-trailing-spaces") {
            lenient = true;
        } else if (a == "-h" || a == "--help") {
            std::printf(
                "Validate one input of problem `game` read from stdin.\n"
                "usage: validator [--group G] [--testset T] [--testOverviewLogFileName F]\n"
                "       [--testMarkupFileName F] [--testCase N] [--testCaseFileName F]\n"
                "       [--allow-trailing-spaces] < input\n"
                "exit 0 valid, 3 invalid (message on stderr), 2 usage error\n");
            return 0;
        } else if (valueOption(argc, argv, i, "testset", testset, hasTestset)) {
            // Polygon's test set name: not used.
            if (testset.empty()) usage("expected a non-empty test set after --testset");
        } else if (valueOption(argc, argv, i, "group", group, hasGroup)) {
        } else if (valueOption(argc, argv, i, "testOverviewLogFileName", overviewLog,
                               hasOverviewLog)) {
        } else if (valueOption(argc, argv, i, "testMarkupFileName", markup, hasMarkup)) {
        } else if (valueOption(argc, argv, i, "testCase", testCase, hasTestCase)) {
            // One test case per input: testlib writes nothing for it. N must be >= 1.
            bool ok = !testCase.empty() && testCase.size() <= 18 && testCase[0] != '0';
            for (char c : testCase) ok = ok && c >= '0' && c <= '9';
            if (!ok) usage("invalid value '" + testCase + "' for '--testCase <N>'");
        } else if (valueOption(argc, argv, i, "testCaseFileName", testCaseFile,
                               hasTestCaseFile)) {
        } else if (kKattis && a == "--constraints_file" && i + 1 < argc) {
            i++;  // BAPCtools' constraints file: not written
        } else if (!kKattis) {
            usage("unexpected argument '" + a + "'");
        }
    }
    // `--group default` is no group: there is no group of that name.
    if (hasGroup && group == "default") hasGroup = false;

    Range n = kN, m = kM;
    if (hasGroup) {
        bool found = false;
        std::string names;
        for (const Group& g : kGroups) {
            if (!names.empty()) names += ", ";
            names += g.name;
            if (group == g.name) {
                n = intersect(n, g.n);
                m = intersect(m, g.m);
                found = true;
            }
        }
        if (!found) {
            usage("no test group `" + group + "` in problem `game` (groups: " +
                  names + ")");
        }
    }

    // The whole input (inputs are small: at most 101 lines of 101 bytes when valid).
    std::string data;
    char chunk[1 << 16];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof chunk, stdin)) > 0) data.append(chunk, got);
    if (std::ferror(stdin)) {
        std::fprintf(stderr, "validator: cannot read stdin\n");
        return 2;
    }

    Strict in(data, lenient);
    const long long rows = in.readInt(n, "N");
    in.readSpace();
    const long long cols = in.readInt(m, "M");
    in.readEoln();
    for (long long r = 1; r <= rows; r++) {
        in.readRow(cols, "maze row " + std::to_string(r));
        in.readEoln();
    }
    in.readEof();
    if (hasOverviewLog) writeNamed(overviewLog, overviewLog_(), "test overview log");
    if (hasMarkup) writeNamed(markup, testMarkup(data), "test markup");
    std::fprintf(stderr, "valid: game %lldx%lld\n", rows, cols);
    return kValid;
}
