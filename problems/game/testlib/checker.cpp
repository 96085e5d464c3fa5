// Checker of problem `game` (JSOI2009 "Game", BZOJ 1443, Luogu P4055), as a self-contained
// C++17 source for judges that build checkers from source (Polygon, Hydro, Luogu, LibreOJ).
//
// Calling convention (testlib checkers; the contestant output comes SECOND):
//     checker <input> <output> <answer> [<report> [-appes]]
// Exit codes:
//     0  AC    accepted
//     1  WA    wrong answer
//     2  PE    presentation error: the output cannot be read as the format requires
//     3  FAIL  judge error: the input or the jury answer is broken, a file cannot be read, or
//              the command line is wrong. Never for anything a contestant printed.
// Message: one line on stderr, testlib's word for the verdict ("ok", "wrong answer", "wrong
// output format", "FAIL") then why, e.g. "wrong answer line 3, column 1: cell (2, 3) is a
// wall".
// Report file: when a judge names a fourth file <report>, it gets the same line; with the flag
// -appes after it, an XML document instead (no line end after it):
//     <?xml version="1.0" encoding="utf-8"?><result outcome="wrong-answer">...</result>
// outcome is accepted, wrong-answer, presentation-error or fail; the message is the stderr
// line without its first words, with & < > " escaped (and any non-ASCII byte, which only a
// file name can bring, as '?'). Other arguments after <report> are ignored.
//
// Hydro (`checker_type: testlib`) reads the verdict from the start of stderr and knows the
// words ok, wrong answer, wrong output format, partially correct and points. FAIL is not one
// of them, so on Hydro a FAIL (broken jury files) shows as a wrong answer; the exit code 3
// still tells a judge that reads it.
//
// This file mirrors `checker game` of gridjudge (src/problems/game/check.rs with the token
// reader of src/reader.rs) verdict for verdict: the same verdict, and so the same exit code,
// on every output; the messages say the same things in different words. tests/game_cpp.rs
// checks the verdicts on thousands of outputs. testlib.h is not needed (Hydro, for one, would
// supply it beside the checker): the small readers below are all this checker uses.
//
// Output format: `LOSE`, or `WIN` followed by the winning start cells as `row column` pairs.
// The rules, applied in reading order (the first broken rule decides):
//   * Tokens are separated by any run of white space: space, \t, \n, \v, \f, \r. A final line
//     end is not required. A token longer than 64 bytes is PE (it is never buffered whole).
//   * The first token must be WIN or LOSE (PE otherwise; an empty output is PE).
//   * After LOSE nothing may follow (PE).
//   * After WIN, pairs of integers: optional '-', digits, no leading zero, no '+' ("-0" reads
//     as 0). A token that is not such an integer is PE, and so is a row without a column.
//     Integers too large for 64 bits stay integers (saturated), just out of range.
//   * A cell outside the maze, a wall, or a cell listed twice is WA, and so is WIN with no
//     cell at all.
//   * Then the set of cells must equal the jury's (WA otherwise), in ANY order: problem.toml
//     of `game` sets `[checker] row_major = false`, and only that default is implemented here
//     (gridjudge's own checker can also require row-major order when the option is true).
//     LOSE must match LOSE; WIN against a jury LOSE, or the reverse, is WA.
// The jury answer is read by the same rules; any broken rule there is FAIL. The input must be
// a well-formed maze (`N M`, N rows of M characters '.'/'#', strict format as the validator's,
// with 1 <= N, M <= 65536 and N*M <= 2^28, the bounds gridjudge's checker reads inputs with);
// otherwise FAIL.
//
// Memory: the maze (one byte per cell) and fixed 64 KiB buffers; the output is streamed, so
// hundreds of megabytes of output cost nothing more.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

// ------------------------------------------------------------------------------------------
// Verdicts and the one-line message.

enum Verdict { kAc = 0, kWa = 1, kPe = 2, kFail = 3 };

// testlib's optional report file (the fourth argument) and its -appes flag: see the header.
const char* g_report = nullptr;
bool g_appes = false;

// testlib's words for the result, which judges that read stderr (Hydro) match, and the
// outcomes of the -appes report.
const char* const kNames[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
const char* const kOutcomes[] = {"accepted", "wrong-answer", "presentation-error", "fail"};

// `s` as XML character data: & < > " escaped, bytes beyond ASCII as '?' (the document says it
// is UTF-8, which arbitrary bytes need not be).
std::string xmlText(const std::string& s) {
    std::string x;
    for (char c : s) {
        if (c == '&') {
            x += "&amp;";
        } else if (c == '<') {
            x += "&lt;";
        } else if (c == '>') {
            x += "&gt;";
        } else if (c == '"') {
            x += "&quot;";
        } else {
            x += static_cast<unsigned char>(c) < 0x80 ? c : '?';
        }
    }
    return x;
}

void writeReport(Verdict v, const std::string& line) {
    std::FILE* f = std::fopen(g_report, "w");
    if (f == nullptr) return;  // the verdict still goes out as the exit code and on stderr
    if (g_appes) {
        std::fprintf(f,
                     "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
                     "<result outcome=\"%s\">%s</result>",
                     kOutcomes[v], xmlText(line).c_str());
    } else {
        std::fprintf(f, "%s %s\n", kNames[v], line.c_str());
    }
    std::fclose(f);
}

[[noreturn]] void finish(Verdict v, const std::string& message) {
    std::string line = message;
    for (char& c : line) {
        unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) c = ' ';  // keep the message on one line
    }
    std::fprintf(stderr, "%s %s\n", kNames[v], line.c_str());
    if (g_report != nullptr) writeReport(v, line);
    std::exit(v);
}

std::string num(long long x) { return std::to_string(x); }

// ------------------------------------------------------------------------------------------
// A byte stream over a file with a fixed buffer.

class Bytes {
public:
    static const int kEnd = -1;

    Bytes(const char* path, const char* what) : what_(what) {
        f_ = std::fopen(path, "rb");
        if (f_ == nullptr) finish(kFail, std::string("cannot open ") + what + " " + path);
    }
    ~Bytes() { std::fclose(f_); }
    Bytes(const Bytes&) = delete;
    Bytes& operator=(const Bytes&) = delete;

    int peek() {
        if (pos_ == len_ && !fill()) return kEnd;
        return buf_[pos_];
    }

    // Consumes the byte peek() returned, keeping the 1-based line and column.
    void bump() {
        if (buf_[pos_] == '\n') {
            line_++;
            col_ = 1;
        } else {
            col_++;
        }
        pos_++;
    }

    unsigned long long line() const { return line_; }
    unsigned long long col() const { return col_; }
    std::string at() const { return "line " + std::to_string(line_) + ", column " +
                                    std::to_string(col_); }

private:
    bool fill() {
        pos_ = 0;
        len_ = std::fread(buf_, 1, sizeof buf_, f_);
        if (len_ == 0 && std::ferror(f_)) finish(kFail, std::string("cannot read ") + what_);
        return len_ > 0;
    }

    std::FILE* f_;
    const char* what_;
    unsigned char buf_[1 << 16];
    size_t pos_ = 0, len_ = 0;
    unsigned long long line_ = 1, col_ = 1;
};

// ------------------------------------------------------------------------------------------
// The input: a strict reader, as the validator's (only the verdict matters here: any error is
// FAIL, so messages are short).

const long long kMaxSide = 1 << 16;
const long long kMaxCells = 1LL << 28;

const unsigned char kFree = 1;     // the cell is '.'
const unsigned char kInJury = 2;   // the jury lists the cell
const unsigned char kInOutput = 4;  // the contestant lists the cell

struct Maze {
    long long n = 0, m = 0;
    std::vector<unsigned char> cells;  // row-major, flags above
};

[[noreturn]] void badInput(Bytes& in, const std::string& what) {
    finish(kFail, "input does not validate: " + in.at() + ": expected " + what);
}

// An integer in [1, hi] in canonical form: digits, no leading zero, no sign.
long long readInputInt(Bytes& in, long long hi, const char* name) {
    const std::string what = std::string("integer ") + name + " in 1..=" + num(hi);
    long long v = 0;
    int digits = 0;
    bool leadingZero = false;
    while (in.peek() >= '0' && in.peek() <= '9') {
        if (digits == 0 && in.peek() == '0') leadingZero = true;
        if (v <= hi) v = v * 10 + (in.peek() - '0');  // stops growing once out of range
        digits++;
        in.bump();
    }
    if (digits == 0 || (leadingZero && digits > 1) || v < 1 || v > hi) badInput(in, what);
    return v;
}

void readInputByte(Bytes& in, int want, const char* what) {
    if (in.peek() != want) badInput(in, what);
    in.bump();
}

Maze readMaze(const char* path) {
    Bytes in(path, "input");
    Maze g;
    g.n = readInputInt(in, kMaxSide, "N");
    readInputByte(in, ' ', "a single space");
    g.m = readInputInt(in, kMaxSide, "M");
    if (g.n * g.m > kMaxCells) badInput(in, "N*M <= " + num(kMaxCells));
    readInputByte(in, '\n', "line end");
    for (long long r = 0; r < g.n; r++) {
        // Grows row by row: a header promising a huge maze costs only what is really there.
        for (long long c = 0; c < g.m; c++) {
            int b = in.peek();
            if (b != '.' && b != '#') badInput(in, "'.' or '#' in maze row " + num(r + 1));
            g.cells.push_back(b == '.' ? kFree : 0);
            in.bump();
        }
        readInputByte(in, '\n', "line end");
    }
    if (in.peek() != Bytes::kEnd) badInput(in, "end of file");
    return g;
}

// ------------------------------------------------------------------------------------------
// Tokens: white-space separated, at most 64 bytes kept.

const size_t kMaxToken = 64;

bool isSpace(int b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\v' || b == '\f' || b == '\r';
}

struct Token {
    std::string bytes;
    std::string at;  // "line L, column C" of its first byte

    // Shown in a message: escaped, cut to 20 bytes.
    std::string show() const {
        std::string s = "`";
        for (size_t i = 0; i < bytes.size() && i < 20; i++) {
            unsigned char c = static_cast<unsigned char>(bytes[i]);
            if (c == '\\' || c == '\'' || c == '"') {
                s += '\\';
                s += static_cast<char>(c);
            } else if (c >= 0x20 && c < 0x7f) {
                s += static_cast<char>(c);
            } else {
                char tmp[8];
                std::snprintf(tmp, sizeof tmp, "\\x%02x", c);
                s += tmp;
            }
        }
        if (bytes.size() > 20) s += "...";
        return s + "`";
    }

    // The integer value if the token has integer syntax (optional '-', digits, no leading
    // zero), saturated to the 64-bit range.
    bool asInt(long long& value) const {
        size_t i = 0;
        const bool neg = !bytes.empty() && bytes[0] == '-';
        if (neg) i = 1;
        if (i == bytes.size()) return false;
        if (bytes.size() - i > 1 && bytes[i] == '0') return false;
        const long long kMax = 9223372036854775807LL;
        long long v = 0;
        bool saturated = false;
        for (; i < bytes.size(); i++) {
            if (bytes[i] < '0' || bytes[i] > '9') return false;
            const int d = bytes[i] - '0';
            if (saturated) continue;
            // Accumulates -|v| so that the most negative value fits too.
            if (v < (-kMax - 1 + d) / 10) {
                saturated = true;
            } else {
                v = v * 10 - d;
            }
        }
        if (saturated) {
            value = neg ? -kMax - 1 : kMax;
        } else if (neg) {
            value = v;
        } else if (v == -kMax - 1) {
            value = kMax;  // 9223372036854775808 saturates
        } else {
            value = -v;
        }
        return true;
    }
};

// Reads the next token into `t`. Returns false at the end of the stream. A token longer than
// kMaxToken bytes is a presentation error (`onError` decides what that means for the file).
bool nextToken(Bytes& in, Token& t, Verdict onError, const std::string& prefix) {
    while (isSpace(in.peek())) in.bump();
    if (in.peek() == Bytes::kEnd) return false;
    t.at = in.at();
    t.bytes.clear();
    while (in.peek() != Bytes::kEnd && !isSpace(in.peek())) {
        if (t.bytes.size() == kMaxToken) {
            t.bytes.push_back(static_cast<char>(in.peek()));
            finish(onError, prefix + t.at + ": token longer than 64 bytes (starts " +
                                t.show() + ")");
        }
        t.bytes.push_back(static_cast<char>(in.peek()));
        in.bump();
    }
    return true;
}

// ------------------------------------------------------------------------------------------
// An answer: LOSE, or WIN and cells. Read once for the jury (a broken rule is FAIL) and once
// for the contestant (PE or WA as the rule says).

struct Answer {
    bool win = false;
    long long count = 0;   // cells listed
    long long inJury = 0;  // of which the jury lists too (contestant's answer only)
    long long firstExtra = -1;  // first listed cell the jury does not list
};

Answer readAnswer(Bytes& in, Maze& g, bool jury) {
    const unsigned char mine = jury ? kInJury : kInOutput;
    const std::string prefix = jury ? "jury answer is broken: " : "";
    const Verdict pe = jury ? kFail : kPe;
    const Verdict wa = jury ? kFail : kWa;
    Answer a;
    Token first;
    if (!nextToken(in, first, pe, prefix)) {
        finish(pe, prefix + "empty output: expected WIN or LOSE");
    }
    if (first.bytes == "LOSE") {
        Token extra;
        if (nextToken(in, extra, pe, prefix)) {
            finish(pe, prefix + extra.at + ": expected end of output after LOSE, found " +
                           extra.show());
        }
        return a;
    }
    if (first.bytes != "WIN") {
        finish(pe, prefix + first.at + ": expected WIN or LOSE, found " + first.show());
    }
    a.win = true;
    Token rt, ct;
    while (nextToken(in, rt, pe, prefix)) {
        long long r, c;
        if (!rt.asInt(r)) {
            finish(pe, prefix + rt.at + ": expected a row number, found " + rt.show());
        }
        if (!nextToken(in, ct, pe, prefix)) {
            finish(pe, prefix + rt.at + ": row " + num(r) +
                           " has no column (odd count of numbers)");
        }
        if (!ct.asInt(c)) {
            finish(pe, prefix + ct.at + ": expected a column number, found " + ct.show());
        }
        const std::string cell = "cell (" + num(r) + ", " + num(c) + ")";
        if (r < 1 || r > g.n || c < 1 || c > g.m) {
            finish(wa, prefix + rt.at + ": " + cell + " is outside the " + num(g.n) + "x" +
                           num(g.m) + " maze");
        }
        const long long id = (r - 1) * g.m + (c - 1);
        unsigned char& flags = g.cells[static_cast<size_t>(id)];
        if (!(flags & kFree)) finish(wa, prefix + rt.at + ": " + cell + " is a wall");
        if (flags & mine) finish(wa, prefix + rt.at + ": " + cell + " is listed twice");
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

std::string showCell(const Maze& g, long long id) {
    return "(" + num(id / g.m + 1) + " " + num(id % g.m + 1) + ")";
}

}  // namespace

int main(int argc, char** argv) {
    // testlib judges may add a report file, and flags after it, to the three files.
    if (argc >= 5 && argv[4][0] != '-') {
        g_report = argv[4];
        for (int i = 5; i < argc; i++) {
            const std::string flag = argv[i];
            if (flag == "-appes" || flag == "-APPES") g_appes = true;
        }
    }
    if (argc < 4) {
        finish(kFail,
               "usage: checker <input> <output> <answer> [<report> [-appes]] (testlib convention)");
    }
    Maze g = readMaze(argv[1]);
    Answer jury;
    {
        Bytes ans(argv[3], "answer");
        jury = readAnswer(ans, g, true);
    }
    Answer got;
    {
        Bytes out(argv[2], "output");
        got = readAnswer(out, g, false);
    }

    if (!jury.win && !got.win) finish(kAc, "LOSE");
    if (!got.win) {
        std::string eg;
        int shown = 0;
        for (size_t id = 0; id < g.cells.size() && shown < 3; id++) {
            if (g.cells[id] & kInJury) {
                eg += (shown++ ? ", " : "") + showCell(g, static_cast<long long>(id));
            }
        }
        finish(kWa, "answered LOSE, but A wins from " + num(jury.count) + " cells, e.g. " + eg);
    }
    if (!jury.win) {
        finish(kWa, "answered WIN with " + num(got.count) +
                        " cells, but no start cell wins (the free cells have a perfect matching)");
    }
    // Both WIN: no duplicates on either side, so the sets are equal iff every listed cell is
    // the jury's and the counts agree.
    if (got.inJury == got.count && got.count == jury.count) {
        finish(kAc, "WIN, " + num(jury.count) + " cells");
    }
    const long long missing = jury.count - got.inJury;
    const long long extra = got.count - got.inJury;
    std::string msg = "wrong set of winning cells: " + num(missing) + " missing, " + num(extra) +
                      " extra (expected " + num(jury.count) + " cells, got " +
                      num(got.count) + ")";
    if (missing > 0) {
        for (size_t id = 0; id < g.cells.size(); id++) {
            if ((g.cells[id] & kInJury) && !(g.cells[id] & kInOutput)) {
                msg += "; e.g. missing " + showCell(g, static_cast<long long>(id));
                break;
            }
        }
    }
    if (extra > 0) msg += "; e.g. extra " + showCell(g, got.firstExtra);
    finish(kWa, msg);
}
