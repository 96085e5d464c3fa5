// Input validator of problem `geography`, self-contained C++17 (no testlib.h needed).
//
// Calling convention (testlib validators):
//     validator [--group G] [--testset X] [--testCase N] [--testOverviewLogFileName F]
//               [--testMarkupFileName F] < input
// (each option also as --name=value). --group selects the bounds; --testOverviewLogFileName F
// writes testlib's overview log of a valid input to F (for each integer variable whether a
// read reached its minimum or maximum, and its bounds when every read used the same ones),
// which `gridjudge build` reads to say which tests reach which bounds. The others are what
// Polygon passes to testlib validators and are accepted and ignored.
// Exit codes:
//     0  valid    (stderr: "valid: L R E")
//     3  invalid  (stderr, one line: "line L, column C: expected X, found Y"; L and C are
//                  1-based, C counts bytes), also an unknown test group or option (a message
//                  naming it), as testlib quits with 3 on every failure.
//
// Input format:
//     L R E                  1 <= L, R <= 100000, 0 <= E <= min(200000, L*R)
//     E lines "u v"          1 <= u <= L, 1 <= v <= R, no pair listed twice
// Group `small`: L + R <= 16 (checked as L <= 15 and then R <= 16 - L, at R).
// Strict: exactly one space between numbers, '\n' after every line (no CR, no tab, no
// trailing space), nothing after the last line; integers without leading zeros, '+' or "-0".
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <unordered_map>

namespace {

struct Range {
    long long lo, hi;
};

// What testlib's overview log says of one variable.
struct Hits {
    bool minHit = false, maxHit = false;
    Range first{0, 0};
    bool varied = false;
};

// Every integer variable read, by name (sorted, as testlib writes them).
std::map<std::string, Hits> hits;

void record(const std::string& name, Range r, long long value) {
    const bool fresh = hits.find(name) == hits.end();
    Hits& h = hits[name];
    h.minHit = h.minHit || value == r.lo;
    h.maxHit = h.maxHit || value == r.hi;
    if (fresh) {
        h.first = r;
    } else if (h.first.lo != r.lo || h.first.hi != r.hi) {
        h.varied = true;
    }
}

// testlib's overview log of `hits` into the file `path`.
void writeOverviewLog(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (f == nullptr) return;
    for (const auto& e : hits) {
        std::fprintf(f, "\"%s\":%s%s\n", e.first.c_str(), e.second.minHit ? " min-value-hit" : "",
                     e.second.maxHit ? " max-value-hit" : "");
    }
    for (const auto& e : hits) {
        if (!e.second.varied) {
            std::fprintf(f, "constant-bounds \"%s\": %lld %lld\n", e.first.c_str(),
                         e.second.first.lo, e.second.first.hi);
        }
    }
    for (const auto& e : hits) std::fprintf(f, "variable \"%s\"\n", e.first.c_str());
    std::fclose(f);
}

std::string describeByte(unsigned char b) {
    switch (b) {
        case ' ':
            return "space";
        case '\n':
            return "line end";
        case '\r':
            return "CR";
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
    std::fprintf(stderr, "line %llu, column %llu: expected %s, found %s\n", line, col,
                 expected.c_str(), found.c_str());
    std::exit(3);
}

[[noreturn]] void fail(const std::string& message) {
    std::fprintf(stderr, "validator: %s\n", message.c_str());
    std::exit(3);
}

// The whole input in memory; every byte read explicitly, 1-based line and byte column kept.
class Strict {
public:
    explicit Strict(const std::string& data) : buf_(data) {}

    void readSpace() {
        if (peek() == ' ') {
            bump();
            return;
        }
        invalid(line_, col_, "a single space", foundHere());
    }

    void readEoln() {
        if (peek() == '\n') {
            bump();
            return;
        }
        invalid(line_, col_, "line end", foundHere());
    }

    void readEof() {
        const int c = peek();
        if (c == kEnd) return;
        if (c == '\n') invalid(line_, col_, "end of file", "an extra line end");
        invalid(line_, col_, "end of file", foundHere());
    }

    // An integer named `name` in [r.lo, r.hi], canonical: optional '-', digits, no leading
    // zero, no "-0". Reports at the integer's first byte (or where digits were expected).
    long long readInt(Range r, const std::string& name) {
        const std::string what = "integer " + name + " in [" + std::to_string(r.lo) + ", " +
                                 std::to_string(r.hi) + "]";
        const unsigned long long startLine = line_, startCol = col_;
        std::string text;
        const bool neg = peek() == '-';
        if (neg) {
            text.push_back('-');
            bump();
        }
        while (peek() >= '0' && peek() <= '9') {
            if (text.size() < 40) text.push_back(static_cast<char>(peek()));
            bump();
        }
        const std::string digits = text.substr(neg ? 1 : 0);
        if (digits.empty()) invalid(line_, col_, what, foundHere());
        std::string shown = text.size() >= 40 ? text + "..." : text;
        if (digits.size() > 1 && digits[0] == '0') {
            invalid(startLine, startCol, what, shown + " (leading zero)");
        }
        if (neg && digits == "0") invalid(startLine, startCol, what, "-0");
        bool inRange = digits.size() <= 18;
        long long value = 0;
        if (inRange) {
            for (char d : digits) value = value * 10 + (d - '0');
            if (neg) value = -value;
            inRange = value >= r.lo && value <= r.hi;
        }
        if (!inRange) invalid(startLine, startCol, what, shown);
        record(name, r, value);
        return value;
    }

    unsigned long long line() const { return line_; }
    unsigned long long col() const { return col_; }

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

    // What stands here. A run of spaces that ends at a line end, a CR or the end of the file
    // is a "trailing space".
    std::string foundHere() const {
        const int c = peek();
        if (c == kEnd) return "end of file";
        if (c == ' ') {
            size_t after = pos_;
            while (after < buf_.size() && buf_[after] == ' ') after++;
            if (after == buf_.size() || buf_[after] == '\n' || buf_[after] == '\r') {
                return "trailing space";
            }
            return "space";
        }
        return describeByte(static_cast<unsigned char>(c));
    }

    const std::string& buf_;
    size_t pos_ = 0;
    unsigned long long line_ = 1, col_ = 1;
};

// Takes "--name value" or "--name=value" at argv[i]; true if argv[i] is option `name`.
bool option(int argc, char** argv, int& i, const std::string& name, std::string& value) {
    const std::string a = argv[i];
    if (a == name) {
        if (i + 1 >= argc) fail("a value is required for '" + name + "'");
        value = argv[++i];
        return true;
    }
    if (a.compare(0, name.size() + 1, name + "=") == 0) {
        value = a.substr(name.size() + 1);
        return true;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    std::string group, ignored, overviewLog;
    bool hasGroup = false;
    for (int i = 1; i < argc; i++) {
        if (option(argc, argv, i, "--group", group)) {
            hasGroup = true;
        } else if (option(argc, argv, i, "--testOverviewLogFileName", overviewLog)) {
            // written once the input is valid
        } else if (option(argc, argv, i, "--testset", ignored) ||
                   option(argc, argv, i, "--testCase", ignored) ||
                   option(argc, argv, i, "--testMarkupFileName", ignored)) {
            // testlib/Polygon options with no meaning here.
        } else {
            fail(std::string("unexpected argument '") + argv[i] +
                 "' (usage: validator [--group small] < input)");
        }
    }
    bool small = false;
    if (hasGroup) {
        if (group == "small") {
            small = true;
        } else {
            fail("no test group `" + group + "` in problem `geography` (groups: small)");
        }
    }

    std::string data;
    char chunk[1 << 16];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof chunk, stdin)) > 0) data.append(chunk, got);
    if (std::ferror(stdin)) fail("cannot read stdin");

    Strict in(data);
    const long long L = in.readInt(Range{1, small ? 15 : 100000}, "L");
    in.readSpace();
    const long long R = in.readInt(Range{1, small ? 16 - L : 100000}, "R");
    in.readSpace();
    const long long E = in.readInt(Range{0, L * R < 200000 ? L * R : 200000}, "E");
    in.readEoln();
    const Range ru{1, L}, rv{1, R};
    std::unordered_map<long long, long long> firstLine;  // pair (u, v) -> its line
    firstLine.reserve(static_cast<size_t>(E) * 2 + 1);
    for (long long i = 1; i <= E; i++) {
        const unsigned long long line = in.line(), col = in.col();
        const long long u = in.readInt(ru, "u");
        in.readSpace();
        const long long v = in.readInt(rv, "v");
        const auto ins = firstLine.emplace((u - 1) * R + (v - 1), (long long)line);
        if (!ins.second) {
            invalid(line, col, "an edge not listed before",
                    std::to_string(u) + " " + std::to_string(v) + " again (first on line " +
                        std::to_string(ins.first->second) + ")");
        }
        in.readEoln();
    }
    in.readEof();
    if (!overviewLog.empty()) writeOverviewLog(overviewLog);
    std::fprintf(stderr, "valid: %lld %lld %lld\n", L, R, E);
    return 0;
}
