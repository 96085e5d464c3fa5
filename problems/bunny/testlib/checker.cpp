// Checker of problem `bunny` (NOI2011 "Bunny and Egg", BZOJ 2437, Luogu P1971), as self-contained
// C++ source (C++14 or later; Luogu: g++ -fno-asm -std=c++14 -O2) for judges that compile checkers
// themselves (Polygon, Hydro, Luogu, LibreOJ). testlib.h is not needed (Hydro, for one, would
// supply it beside the checker): the small readers below are all it uses.
//
// Calling conventions:
//   testlib (default; the contestant's output is the SECOND argument):
//     checker [--testset T] [--group G] <input> <output> <answer> [<report> [-appes]]
//   CMS (with --cms as the first argument, or by default when compiled with -DCMS):
//     checker [--cms] <input> <answer> <output>
// testlib exit codes: 0 AC, 1 WA, 2 PE, 3 FAIL. PE also when the output file does not exist
// ("Output file not found", as testlib says). FAIL only when the jury's files are broken (an
// input that does not read as a legal game record, a jury answer that does not read cleanly),
// a file cannot be read, or the command line is wrong: never for anything a contestant printed.
// Message: one line on stderr that starts with testlib's words, "ok ...", "wrong answer ...",
// "wrong output format ...", "FAIL ...". --testset and --group (which testlib checkers take
// anywhere) are accepted and ignored.
// Report file: when a judge names a fourth file <report>, it gets the message as testlib writes
// it: the message alone (without the verdict word), no line end. With the flag -appes after it,
// testlib's XML document instead, ended by a line end:
//     <?xml version="1.0" encoding="windows-1251"?><result outcome = "accepted">...</result>
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
// A UTF-8 byte order mark at the start of the output is skipped, as testlib does. The input and
// the jury answer are read by tokens separated by any white space, as testlib reads them in a
// checker: the official data's trailing spaces are fine.
//
// Hydro (`checker_type: testlib`) reads the verdict from the start of stderr and knows the
// words ok, wrong answer, wrong output format, partially correct and points. FAIL is not one
// of them, so on Hydro a FAIL (broken jury files) shows as a wrong answer; the exit code 3
// still tells a judge that reads it.
//
// This file mirrors `checker bunny` of gridjudge (src/problems/bunny/check.rs, the token reader
// of src/reader.rs) verdict for verdict: the same verdict, and so the same exit code, on every
// output, while the messages are worded differently. tests/bunny_cpp.rs compares the two on
// the package tests and thousands of hostile outputs.
//
// The output is r, then r indices of Bunny's mistakes (1..k, strictly increasing). Tokens are
// separated by any run of white space (space, \t, \n, \v, \f, \r). The first defect in reading
// order decides the verdict:
//  * PE: empty output; a token that is not an integer as testlib's readLong reads one
//    (optional '-', digits, no '+', no leading zero, not "-0", within 64 bits); fewer than r
//    indices; a token after the r indices; a token longer than 64 bytes;
//  * WA: r outside 0..k (nothing after it is read), an index outside 1..k, an index not
//    greater than the one before;
//  * otherwise, the whole output read: AC when the list equals the jury's, else WA.
// The output is streamed with O(1) memory (a 64 KiB buffer) and read only as far as the verdict
// needs, so huge or binary outputs cost neither memory nor time.

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// ------------------------------------------------------------------------------------------
// Verdicts.

enum Verdict { kAC = 0, kWA = 1, kPE = 2, kFAIL = 3 };

struct Outcome {
    Verdict verdict;
    std::string message;
};

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
std::string xml_text(const std::string& s) {
    std::string x;
    for (const char c : s) {
        switch (c) {
            case '&':
                x += "&amp;";
                break;
            case '<':
                x += "&lt;";
                break;
            case '>':
                x += "&gt;";
                break;
            case '"':
                x += "&quot;";
                break;
            default:
                x += (c >= 0 && c < 32) ? '.' : c;
        }
    }
    return x;
}

void write_report(Verdict v, const std::string& line) {
    std::FILE* f = std::fopen(g_report, "w");
    if (f == nullptr) return;  // the verdict still goes out as the exit code and on stderr
    if (g_appes) {
        std::fprintf(f,
                     "<?xml version=\"1.0\" encoding=\"windows-1251\"?>"
                     "<result outcome = \"%s\">%s</result>\n",
                     kOutcomes[v], xml_text(line).c_str());
    } else {
        std::fprintf(f, "%s", line.c_str());
    }
    std::fclose(f);
}

[[noreturn]] void finish(Verdict v, const std::string& message) {
    std::string line = message;
    for (char& c : line) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) c = ' ';  // the message stays on one line
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
        std::exit(v == kAC ? 42 : v == kFAIL ? 1 : 43);
    }
    if (g_cms) {
        // CMS reads one line of stderr, the contestant's message; it logs any further line as
        // an unknown command.
        if (v != kFAIL) {
            std::printf("%s\n", v == kAC ? "1.0" : "0.0");
            std::fprintf(stderr, "%s\n", v == kAC ? "translate:success" : "translate:wrong");
            std::exit(0);
        }
        std::fprintf(stderr, "%s %s\n", kNames[v], line.c_str());
        std::exit(3);
    }
    std::fprintf(stderr, "%s %s\n", kNames[v], line.c_str());
    if (g_report != nullptr) write_report(v, line);
    std::exit(v);
}

// ------------------------------------------------------------------------------------------
// The input: the game record read by tokens, as testlib reads the input in a checker (any run of
// white space between tokens; trailing spaces, CR LF, blank lines and a missing final line end
// are fine), with the wide bounds gridjudge's checker uses (it reads jury files, validated when
// the package was built). Every rule of the game is checked; any defect makes the verdict FAIL.

struct FormatError {
    long long line, col;
    std::string expected, found;
};

bool is_input_space(int c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0b || c == 0x0c;
}

class InputReader {
  public:
    explicit InputReader(const std::string& buf) : buf_(buf) { skip_space(); }

    // Line of the next token.
    long long line() const { return line_; }

    FormatError error(const std::string& expected, const std::string& found) const {
        return FormatError{line_, col_, expected, found};
    }

    // Nothing but white space left.
    void read_eof() {
        if (pos_ < buf_.size()) throw error("end of file", "`" + token().substr(0, 30) + "`");
    }

    // An integer token in lo..=hi in testlib's syntax (optional '-', digits, no leading zero,
    // no '+', no "-0").
    long long read_int(long long lo, long long hi, const std::string& name) {
        const std::string what =
            "integer " + name + " in " + std::to_string(lo) + "..=" + std::to_string(hi);
        const FormatError here = error(what, "");
        const std::string t = token();
        if (t.empty()) throw FormatError{here.line, here.col, what, "end of file"};
        const bool neg = t[0] == '-';
        const std::string digits = t.substr(neg ? 1 : 0);
        bool ok = !digits.empty() && digits.size() <= 18 &&
                  !(digits.size() > 1 && digits[0] == '0') && !(neg && digits == "0");
        for (char d : digits) ok = ok && d >= '0' && d <= '9';
        long long v = 0;
        if (ok) {
            for (char d : digits) v = v * 10 + (d - '0');
            if (neg) v = -v;
            ok = lo <= v && v <= hi;
        }
        if (!ok) throw FormatError{here.line, here.col, what, "`" + t.substr(0, 30) + "`"};
        return v;
    }

    // A token of exactly `len` bytes from "XO.", appended to `out`.
    void read_row(long long len, const std::string& name, std::vector<char>& out) {
        const FormatError here = error(std::to_string(len) + " characters 'X', 'O', '.' of " +
                                           name,
                                       "");
        const std::string t = token();
        bool ok = static_cast<long long>(t.size()) == len;
        for (char c : t) ok = ok && (c == 'X' || c == 'O' || c == '.');
        if (!ok) {
            throw FormatError{here.line, here.col, here.expected,
                              t.empty() ? "end of file" : "`" + t.substr(0, 30) + "`"};
        }
        out.insert(out.end(), t.begin(), t.end());
    }

  private:
    void skip_space() {
        while (pos_ < buf_.size() && is_input_space(static_cast<unsigned char>(buf_[pos_]))) {
            if (buf_[pos_] == '\n') {
                line_++;
                col_ = 1;
            } else {
                col_++;
            }
            pos_++;
        }
    }

    // The next token (empty at the end) and the white space after it.
    std::string token() {
        const size_t start = pos_;
        while (pos_ < buf_.size() && !is_input_space(static_cast<unsigned char>(buf_[pos_]))) {
            pos_++;
            col_++;
        }
        std::string t = buf_.substr(start, pos_ - start);
        skip_space();
        return t;
    }

    const std::string& buf_;
    size_t pos_ = 0;
    long long line_ = 1, col_ = 1;
};

std::string show_cell(long long id, long long m) {
    return "(" + std::to_string(id / m + 1) + ", " + std::to_string(id % m + 1) + ")";
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

bool has_piece_next_to(const std::vector<char>& board, long long empty, long long n,
                       long long m, char colour) {
    long long nb[4];
    const int cnt = neighbours(empty, n, m, nb);
    for (int i = 0; i < cnt; i++)
        if (board[nb[i]] == colour) return true;
    return false;
}

// Reads the input record by tokens and replays it (every move legal, Bunny stuck at the end);
// returns k. Bounds: n, m <= 65536, n*m <= 2^28, k <= 2^28, as gridjudge's checker.
long long read_record_k(const std::string& input) {
    InputReader r(input);
    const long long n = r.read_int(1, 1 << 16, "n");
    const long long m = r.read_int(1, 1 << 16, "m");
    if (n * m > (1LL << 28)) {
        throw r.error("n*m <= " + std::to_string(1LL << 28),
                      std::to_string(n) + "*" + std::to_string(m) + " = " +
                          std::to_string(n * m));
    }
    std::vector<char> board;
    for (long long row = 0; row < n; row++) {
        r.read_row(m, "board row " + std::to_string(row + 1), board);
    }
    long long empty = -1;
    for (long long id = 0; id < n * m; id++) {
        if (board[id] != '.') continue;
        if (empty >= 0) {
            throw FormatError{id / m + 2, id % m + 1, "exactly one empty cell '.' in the board",
                              "a second '.'"};
        }
        empty = id;
    }
    if (empty < 0) throw FormatError{2, 1, "exactly one empty cell '.' in the board", "no '.'"};
    const long long k = r.read_int(1, 1 << 28, "k");
    long long last_move_line = 0;
    for (long long j = 1; j <= 2 * k; j++) {
        const long long line = r.line();
        const long long x = r.read_int(1, n, "x");
        const long long y = r.read_int(1, m, "y");
        last_move_line = line;
        const char colour = j % 2 == 1 ? 'O' : 'X';
        const std::string what = "a legal move " + std::to_string(j);
        if (!has_piece_next_to(board, empty, n, m, colour))
            throw FormatError{line, 1, what, "the mover had no legal move: the game was over"};
        const long long id = (x - 1) * m + (y - 1);
        long long nb[4];
        const int cnt = neighbours(empty, n, m, nb);
        bool adjacent = false;
        for (int i = 0; i < cnt; i++) adjacent = adjacent || nb[i] == id;
        if (!adjacent) {
            throw FormatError{line, 1, what,
                              "a piece not next to the empty cell " + show_cell(empty, m)};
        }
        if (board[id] != colour) throw FormatError{line, 1, what, "a piece of the wrong colour"};
        board[empty] = board[id];
        board[id] = '.';
        empty = id;
    }
    if (has_piece_next_to(board, empty, n, m, 'O')) {
        throw FormatError{last_move_line, 1, "a record that ends with Bunny unable to move",
                          "Bunny could still move at the end"};
    }
    r.read_eof();
    return k;
}

// ------------------------------------------------------------------------------------------
// Token reader for the output and the jury answer: white-space separated tokens, streamed from
// a file or read from memory, O(1) memory. A token longer than kMaxToken bytes is an error
// (never buffered whole).

const size_t kMaxToken = 64;

struct Token {
    std::string bytes;
    long long line = 0, col = 0;

    std::string at() const {
        return "line " + std::to_string(line) + ", column " + std::to_string(col);
    }

    // The first 20 bytes, escaped so that any byte prints safely.
    std::string show() const {
        std::string s = "`";
        for (size_t i = 0; i < bytes.size() && i < 20; i++) {
            const unsigned char b = static_cast<unsigned char>(bytes[i]);
            if (b >= 0x20 && b < 0x7f && b != '\\' && b != '\'' && b != '"') {
                s.push_back(static_cast<char>(b));
            } else {
                char hex[8];
                std::snprintf(hex, sizeof hex, "\\x%02x", b);
                s += hex;
            }
        }
        if (bytes.size() > 20) s += "...";
        return s + "`";
    }

    // The value if the token is an integer as testlib's readInt/readLong reads one: optional
    // '-', digits, no leading zero ("01", "-01"), not "-0", within the 64-bit integers.
    // Anything else is not an integer (a presentation error in the output).
    bool as_int(long long& value) const {
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

bool is_space(int c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0b || c == 0x0c;
}

// Thrown by TokenReader: a read error (FAIL) or a token longer than kMaxToken bytes.
struct TokenError {
    bool io;
    std::string message;
};

class TokenReader {
  public:
    explicit TokenReader(std::FILE* f) : file_(f), buf_(1 << 16) {}
    explicit TokenReader(const std::string& mem) : mem_(&mem) {}

    // Skips a UTF-8 byte order mark at the start, as testlib does for the output. The first
    // fill of the buffer holds the first 3 bytes unless the input is shorter.
    void skip_bom() {
        if (peek() == 0xEF && len_ - pos_ >= 3 &&
            static_cast<unsigned char>(buf_[pos_ + 1]) == 0xBB &&
            static_cast<unsigned char>(buf_[pos_ + 2]) == 0xBF) {
            pos_ += 3;
        }
    }

    // The next token; false at the end of the input.
    bool next(Token& t) {
        int c;
        while ((c = peek()) != kEnd && is_space(c)) advance(c);
        if (c == kEnd) return false;
        t.bytes.clear();
        t.line = line_;
        t.col = col_;
        while ((c = peek()) != kEnd && !is_space(c)) {
            if (t.bytes.size() == kMaxToken) {
                t.bytes.push_back(static_cast<char>(c));
                throw TokenError{false, t.at() + ": token longer than 64 bytes (starts " +
                                            t.show() + ")"};
            }
            t.bytes.push_back(static_cast<char>(c));
            advance(c);
        }
        return true;
    }

  private:
    static constexpr int kEnd = -1;

    int peek() {
        if (mem_ != nullptr) {
            return pos_ < mem_->size() ? static_cast<unsigned char>((*mem_)[pos_]) : kEnd;
        }
        if (pos_ == len_) {
            if (eof_) return kEnd;
            len_ = std::fread(buf_.data(), 1, buf_.size(), file_);
            pos_ = 0;
            if (len_ == 0) {
                if (std::ferror(file_)) {
                    throw TokenError{true,
                                     std::string("cannot read the output: ") + std::strerror(errno)};
                }
                eof_ = true;
                return kEnd;
            }
        }
        return static_cast<unsigned char>(buf_[pos_]);
    }

    void advance(int c) {
        pos_++;
        if (c == '\n') {
            line_++;
            col_ = 1;
        } else {
            col_++;
        }
    }

    std::FILE* file_ = nullptr;
    const std::string* mem_ = nullptr;
    std::vector<char> buf_;
    size_t pos_ = 0, len_ = 0;
    bool eof_ = false;
    long long line_ = 1, col_ = 1;
};

// ------------------------------------------------------------------------------------------
// The answer: r, then r indices in 1..k, strictly increasing, then nothing.

// Reads an answer of a record with k Bunny moves into `list`. On a defect returns its verdict
// (PE or WA, or FAIL for a read error) and message; kAC when it reads cleanly.
Outcome read_answer(TokenReader& in, long long k, std::vector<long long>& list) {
    Token t;
    long long r = 0, v = 0;
    try {
        if (!in.next(t)) return {kPE, "empty output: expected r, the number of mistakes"};
        if (!t.as_int(r)) {
            return {kPE, t.at() + ": expected r, the number of mistakes, found " + t.show()};
        }
        if (r < 0 || r > k) {
            return {kWA, t.at() + ": count r = " + std::to_string(r) + " is out of range 0..=" +
                             std::to_string(k) + " (Bunny made " + std::to_string(k) +
                             " moves)"};
        }
        const std::string of = " of " + std::to_string(r);
        for (long long j = 1; j <= r; j++) {
            if (!in.next(t)) {
                return {kPE, "r = " + std::to_string(r) + ", but the output ends after " +
                                 std::to_string(j - 1) + " indices"};
            }
            if (!t.as_int(v)) {
                return {kPE, t.at() + ": index " + std::to_string(j) + of +
                                 ": expected an integer, found " + t.show()};
            }
            if (v < 1 || v > k) {
                return {kWA, t.at() + ": index " + std::to_string(j) + of + " is " +
                                 std::to_string(v) + ", out of range 1..=" + std::to_string(k)};
            }
            if (!list.empty() && list.back() >= v) {
                return {kWA, t.at() + ": index " + std::to_string(j) + of + " is " +
                                 std::to_string(v) + ", after " + std::to_string(list.back()) +
                                 ": the indices must be strictly increasing"};
            }
            list.push_back(v);
        }
        if (in.next(t)) {
            return {kPE, t.at() + ": expected the end of the output after the " +
                             std::to_string(r) + " indices, found " + t.show()};
        }
    } catch (const TokenError& e) {
        return {e.io ? kFAIL : kPE, e.message};
    }
    return {kAC, ""};
}

// WA message: how the printed list differs from the jury's (both strictly increasing).
std::string explain_difference(const std::vector<long long>& jury,
                               const std::vector<long long>& got) {
    std::string what = jury.size() == got.size()
                           ? "right count r = " + std::to_string(jury.size()) + ", wrong indices"
                           : "expected r = " + std::to_string(jury.size()) + " mistakes, found " +
                                 std::to_string(got.size());
    std::string shown;
    size_t missing = 0, extra = 0, listed = 0;
    auto note = [&](char sign, long long x) {
        if (listed++ < 8) shown += (shown.empty() ? "" : ", ") + (sign + std::to_string(x));
    };
    size_t i = 0, j = 0;
    while (i < jury.size() || j < got.size()) {
        if (j == got.size() || (i < jury.size() && jury[i] < got[j])) {
            note('-', jury[i++]);
            missing++;
        } else if (i == jury.size() || got[j] < jury[i]) {
            note('+', got[j++]);
            extra++;
        } else {
            i++;
            j++;
        }
    }
    if (listed > 8) shown += ", ... " + std::to_string(listed - 8) + " more";
    return what + ": " + std::to_string(missing) + " missing, " + std::to_string(extra) +
           " extra (- missing, + extra): " + shown;
}

bool read_file(const char* path, std::string& out) {
    std::FILE* f = std::fopen(path, "rb");
    if (f == nullptr) return false;
    char chunk[1 << 16];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof chunk, f)) > 0) out.append(chunk, got);
    const bool ok = !std::ferror(f);
    std::fclose(f);
    return ok;
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
        finish(kFAIL,
               "usage: checker [--testset T] [--group G] <input> <output> <answer> [<report> "
               "[-appes]] (testlib), checker --cms <input> <answer> <output> (CMS) or checker "
               "--kattis <input> <answer> <feedback_dir> [args] < output (Kattis)");
    }
    if (g_kattis && files.size() == 3) g_feedback = files[2];
    if (files.size() >= 4) g_report = files[3];
    g_appes = files.size() == 5;
    const char* const input_path = files[0];
    // Kattis: the output on stdin, the answer second.
    const char* const output_path = g_kattis ? "stdin" : g_cms ? files[2] : files[1];
    const char* const answer_path = g_cms || g_kattis ? files[1] : files[2];

    // As gridjudge's checker: an unreadable input is FAIL, then a missing output PE (testlib
    // opens the output before the answer), then an unreadable answer FAIL.
    std::string input, answer;
    if (!read_file(input_path, input)) {
        finish(kFAIL, std::string("cannot read input ") + input_path);
    }
    std::FILE* out = g_kattis ? stdin : std::fopen(output_path, "rb");
    if (out == nullptr) {
        finish(kPE, std::string("Output file not found: \"") + output_path + "\"");
    }
    if (!read_file(answer_path, answer)) {
        finish(kFAIL, std::string("cannot read answer ") + answer_path);
    }

    long long k = 0;
    try {
        k = read_record_k(input);
    } catch (const FormatError& e) {
        finish(kFAIL, "input does not validate: line " + std::to_string(e.line) + ", column " +
                          std::to_string(e.col) + ": expected " + e.expected + ", found " +
                          e.found);
    }

    std::vector<long long> jury;
    TokenReader jury_reader(answer);
    const Outcome j = read_answer(jury_reader, k, jury);
    if (j.verdict != kAC) finish(kFAIL, "jury answer is broken: " + j.message);

    std::vector<long long> got;
    TokenReader output_reader(out);
    try {
        output_reader.skip_bom();
    } catch (const TokenError& e) {
        finish(e.io ? kFAIL : kPE, e.message);
    }
    const Outcome o = read_answer(output_reader, k, got);
    if (o.verdict != kAC) finish(o.verdict, o.message);

    if (got == jury) {
        finish(kAC, "r = " + std::to_string(jury.size()) + " mistakes of k = " +
                        std::to_string(k) + " moves");
    }
    finish(kWA, explain_difference(jury, got));
}
