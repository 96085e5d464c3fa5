// Checker of problem `game` (JSOI2009 "Game", BZOJ 1443, Luogu P4055), as a self-contained C++
// source (C++14 or later; Luogu: g++ -fno-asm -std=c++14 -O2) for judges that build checkers from
// source (Polygon, Hydro, Luogu, LibreOJ).
//
// Calling conventions:
//   testlib (default; the contestant output comes SECOND):
//     checker [--testset T] [--group G] <input> <output> <answer> [<report> [-appes]]
//   CMS (with --cms as the first argument, or by default when compiled with -DCMS):
//     checker [--cms] <input> <answer> <output>
// testlib exit codes:
//     0  AC    accepted
//     1  WA    wrong answer
//     2  PE    presentation error: the output cannot be read as the format requires, or the
//              output file does not exist ("Output file not found", as testlib says)
//     3  FAIL  judge error: the input or the jury answer is broken, a file cannot be read, or
//              the command line is wrong. Never for anything a contestant printed.
// Message: one line on stderr, testlib's word for the verdict ("ok", "wrong answer", "wrong
// output format", "FAIL") then why, e.g. "wrong answer line 3, column 1: cell (2, 3) is a
// wall". --testset and --group (which testlib checkers take anywhere) are accepted and ignored.
// Report file: when a judge names a fourth file <report>, it gets the message as testlib writes
// it: the message alone (without the verdict word), no line end. With the flag -appes after it,
// testlib's XML document instead, ended by a line end:
//     <?xml version="1.0" encoding="windows-1251"?><result outcome = "wrong-answer">...</result>
// outcome is accepted, wrong-answer, presentation-error or fail; in the message & < > " are
// escaped and control characters written as '.'. Anything else after <report> is a usage error
// (FAIL), as in testlib.
// Kattis output validator convention (with --kattis as the first argument, or by default when
// compiled with -DKATTIS, as the `build` script of a `gridjudge export --format kattis` package
// does):
//     checker [--kattis] <input> <answer> <feedback_dir> [additional arguments] < output
// exit 42 AC, 43 WA (also for a presentation error), 1 FAIL; the verdict word and the message go
// to <feedback_dir>/judgemessage.txt (and to stderr). Additional arguments (problem.yaml's
// validator_flags, test_group.yaml's output_validator_args) are accepted and ignored: this
// checker has no options to set from there.
// CMS: the score on stdout, "1.0" (AC) or "0.0" (WA or PE); on stderr "translate:success" or
// "translate:wrong" (CMS shows it to contestants, translated), and nothing more: CMS takes
// exactly one line; exit 0. A judge error prints no score, the testlib line on stderr, and
// exits 3 (CMS: any non-zero exit).
// A UTF-8 byte order mark at the start of the output is skipped, as testlib does.
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
//   * After WIN, pairs of integers as testlib's readLong reads them: optional '-', digits, no
//     leading zero ("01", "-01"), no '+', not "-0", within the 64-bit integers. A token that is
//     not such an integer is PE, and so is a row without a column.
//   * A cell outside the maze, a wall, or a cell listed twice is WA, and so is WIN with no
//     cell at all.
//   * With `row_major` (problem.toml's `[checker] row_major`, the constant below, which
//     `gridjudge export` sets from problem.toml), a cell listed after a cell that comes later
//     in row-major order is WA (checked after the rules above, cell by cell).
//   * Then the set of cells must equal the jury's (WA otherwise), in any order unless
//     row_major. LOSE must match LOSE; WIN against a jury LOSE, or the reverse, is WA.
// The jury answer is read by the same rules (in any order); any broken rule there is FAIL. The
// input is read as testlib reads it in a checker, by tokens separated by any white space (the
// trailing spaces or CR LF line ends of official data are fine): N, M, then N rows of exactly
// M characters '.'/'#', nothing after them, with 1 <= N, M <= 65536 and N*M <= 2^28 (the
// bounds gridjudge's checker reads inputs with); otherwise FAIL.
//
// Memory: the maze (one byte per cell) and fixed 64 KiB buffers; the output is streamed, so
// hundreds of megabytes of output cost nothing more.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// problem.toml `[checker] row_major`: require the cells in row-major order. `gridjudge export`
// rewrites this line from problem.toml (and refuses a checker option with no such line).
const bool row_major = false;

// ------------------------------------------------------------------------------------------
// Verdicts and the one-line message.

enum Verdict { kAc = 0, kWa = 1, kPe = 2, kFail = 3 };

// testlib's optional report file (the fourth argument) and its -appes flag, and the CMS
// convention: see the header.
const char* g_report = nullptr;
bool g_appes = false;
#ifdef CMS
bool g_cms = true;
#else
bool g_cms = false;
#endif
#ifdef KATTIS
bool g_kattis = true;
#else
bool g_kattis = false;
#endif
// Kattis: the feedback folder that gets judgemessage.txt.
const char* g_feedback = nullptr;

// testlib's words for the result, which judges that read stderr (Hydro) match, and the
// outcomes of the -appes report.
const char* const kNames[] = {"ok", "wrong answer", "wrong output format", "FAIL"};
const char* const kOutcomes[] = {"accepted", "wrong-answer", "presentation-error", "fail"};

// `s` as testlib writes it in an XML report: & < > " escaped, control characters as '.'.
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
        } else if (c >= 0 && c < 32) {
            x += '.';
        } else {
            x += c;
        }
    }
    return x;
}

void writeReport(Verdict v, const std::string& line) {
    std::FILE* f = std::fopen(g_report, "w");
    if (f == nullptr) return;  // the verdict still goes out as the exit code and on stderr
    if (g_appes) {
        std::fprintf(f,
                     "<?xml version=\"1.0\" encoding=\"windows-1251\"?>"
                     "<result outcome = \"%s\">%s</result>\n",
                     kOutcomes[v], xmlText(line).c_str());
    } else {
        std::fprintf(f, "%s", line.c_str());
    }
    std::fclose(f);
}

[[noreturn]] void finish(Verdict v, const std::string& message) {
    std::string line = message;
    for (char& c : line) {
        unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) c = ' ';  // keep the message on one line
    }
    if (g_kattis) {
        std::fprintf(stderr, "%s %s\n", kNames[v], line.c_str());
        if (g_feedback != nullptr) {
            std::string path = g_feedback;
            if (!path.empty() && path.back() != '/') path += '/';
            path += "judgemessage.txt";
            std::FILE* f = std::fopen(path.c_str(), "w");
            if (f == nullptr) {
                std::fprintf(stderr, "FAIL cannot write %s\n", path.c_str());
                std::exit(1);
            }
            std::fprintf(f, "%s %s\n", kNames[v], line.c_str());
            std::fclose(f);
        }
        std::exit(v == kAc ? 42 : v == kFail ? 1 : 43);
    }
    if (g_cms) {
        // CMS reads one line of stderr, the contestant's message; it logs any further line as
        // an unknown command.
        if (v == kAc || v == kWa || v == kPe) {
            std::printf("%s\n", v == kAc ? "1.0" : "0.0");
            std::fprintf(stderr, "%s\n", v == kAc ? "translate:success" : "translate:wrong");
            std::exit(0);
        }
        std::fprintf(stderr, "%s %s\n", kNames[v], line.c_str());
        std::exit(3);
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

    // A file that cannot be opened is FAIL, or with `missing` == kPe testlib's PE for a
    // missing output. A null `path` is stdin (Kattis' output).
    Bytes(const char* path, const char* what, Verdict missing = kFail) : what_(what) {
        f_ = path == nullptr ? stdin : std::fopen(path, "rb");
        if (f_ == nullptr && missing == kPe) {
            finish(kPe, std::string("Output file not found: \"") + path + "\"");
        }
        if (f_ == nullptr) finish(kFail, std::string("cannot open ") + what + " " + path);
    }

    // Skips a UTF-8 byte order mark at the current position (the start), as testlib does for
    // the output. Needs the first 3 bytes in the buffer, which the first fill gives unless the
    // file is shorter.
    void skipBom() {
        if (peek() == kEnd) return;
        if (len_ - pos_ >= 3 && buf_[pos_] == 0xEF && buf_[pos_ + 1] == 0xBB &&
            buf_[pos_ + 2] == 0xBF) {
            pos_ += 3;
        }
    }
    ~Bytes() {
        if (f_ != stdin) std::fclose(f_);
    }
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
// The input: read by tokens, as testlib reads it in a checker (only the verdict matters here:
// any error is FAIL, so messages are short).

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

    // The value if the token is an integer as testlib's readInt/readLong reads one: optional
    // '-', digits, no leading zero ("01", "-01"), not "-0", within the 64-bit integers.
    // Anything else is not an integer (a presentation error in the output).
    bool asInt(long long& value) const {
        const bool neg = !bytes.empty() && bytes[0] == '-';
        const size_t from = neg ? 1 : 0;
        if (from == bytes.size()) return false;
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
// The input by tokens.

// Skips white space, then reads the token at most `cap` bytes long into `t` (a longer one keeps
// its first cap + 1 bytes, enough to know it is wrong). Returns false at the end of the file.
bool inputToken(Bytes& in, std::string& t, size_t cap) {
    while (isSpace(in.peek())) in.bump();
    if (in.peek() == Bytes::kEnd) return false;
    t.clear();
    while (in.peek() != Bytes::kEnd && !isSpace(in.peek())) {
        if (t.size() <= cap) t.push_back(static_cast<char>(in.peek()));
        in.bump();
    }
    return true;
}

// An integer token in [1, hi] in testlib's syntax (no sign here, no leading zero).
long long readInputInt(Bytes& in, long long hi, const char* name) {
    const std::string what = std::string("integer ") + name + " in 1..=" + num(hi);
    Token t;
    if (!inputToken(in, t.bytes, 24)) badInput(in, what);
    long long v = 0;
    if (!t.asInt(v) || v < 1 || v > hi) badInput(in, what);
    return v;
}

Maze readMaze(Bytes& in) {
    Maze g;
    g.n = readInputInt(in, kMaxSide, "N");
    g.m = readInputInt(in, kMaxSide, "M");
    if (g.n * g.m > kMaxCells) badInput(in, "N*M <= " + num(kMaxCells));
    std::string row;
    for (long long r = 0; r < g.n; r++) {
        // Grows row by row: a header promising a huge maze costs only what is really there.
        const std::string what = num(g.m) + " characters '.' or '#' in maze row " + num(r + 1);
        if (!inputToken(in, row, static_cast<size_t>(g.m))) badInput(in, what);
        if (row.size() != static_cast<size_t>(g.m)) badInput(in, what);
        for (char b : row) {
            if (b != '.' && b != '#') badInput(in, what);
            g.cells.push_back(b == '.' ? kFree : 0);
        }
    }
    std::string extra;
    if (inputToken(in, extra, 0)) badInput(in, "end of file");
    return g;
}

// ------------------------------------------------------------------------------------------
// An answer: LOSE, or WIN and cells. Read once for the jury (a broken rule is FAIL) and once
// for the contestant (PE or WA as the rule says).

struct Answer {
    bool win = false;
    long long count = 0;   // cells listed
    long long inJury = 0;  // of which the jury lists too (contestant's answer only)
    long long firstExtra = -1;  // first listed cell the jury does not list
    long long last = -1;        // the cell listed last
};

std::string showCell(const Maze& g, long long id) {
    return "(" + num(id / g.m + 1) + " " + num(id % g.m + 1) + ")";
}

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
        if (!jury && row_major && a.last >= 0 && a.last > id) {
            finish(wa, rt.at + ": " + cell + " comes after " + showCell(g, a.last) +
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

int main(int argc, char** argv) {
    // testlib's --testset and --group may stand anywhere; --cms first selects CMS's order.
    std::vector<const char*> files;
    bool bad = false;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        if (g_kattis && files.size() == 3) {
            // Kattis' additional arguments after the feedback folder: ignored.
        } else if (a == "--testset" || a == "--group") {
            if (i + 1 >= argc || (a == "--testset" && argv[i + 1][0] == '\0')) bad = true;
            i++;
        } else if (a == "--cms" && files.empty() && !g_kattis) {
            g_cms = true;
        } else if (a == "--kattis" && files.empty() && !g_cms) {
            g_kattis = true;
        } else {
            files.push_back(argv[i]);
        }
    }
    const size_t most = g_cms || g_kattis ? 3 : 5;
    if (files.size() == 5 && std::strcmp(files[4], "-appes") != 0 &&
        std::strcmp(files[4], "-APPES") != 0) {
        bad = true;
    }
    if (bad || files.size() < 3 || files.size() > most) {
        finish(kFail,
               "usage: checker [--testset T] [--group G] <input> <output> <answer> [<report> "
               "[-appes]] (testlib), checker --cms <input> <answer> <output> (CMS) or checker "
               "--kattis <input> <answer> <feedback_dir> [args] < output (Kattis)");
    }
    if (g_kattis && files.size() == 3) g_feedback = files[2];
    if (files.size() >= 4) g_report = files[3];
    g_appes = files.size() == 5;
    const char* const input = files[0];
    // Kattis: the output on stdin (nullptr), the answer second.
    const char* const output = g_kattis ? nullptr : g_cms ? files[2] : files[1];
    const char* const answer = g_cms || g_kattis ? files[1] : files[2];

    // As gridjudge's checker: an unreadable input is FAIL, then a missing output PE (testlib
    // opens the output before the answer), and only then is the input read.
    Bytes in(input, "input");
    Bytes out(output, "output", kPe);
    out.skipBom();
    Maze g = readMaze(in);
    Answer jury;
    {
        Bytes ans(answer, "answer");
        jury = readAnswer(ans, g, true);
    }
    Answer got = readAnswer(out, g, false);

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
