// The Kattis problem package format's *default output validator* (spec section "Default output
// validator specification", both the legacy and the 2025-09 version) written against testlib's
// API (C++14 or later; g++ -fno-asm -std=c++14 -O2), with its options fixed at compile time: a
// Kattis package whose tests use the default output validator ships this file as check.cpp when
// it is exported to Polygon or another testlib judge. Every such judge builds it with its own
// testlib.h and so gets its own calling convention and exit codes (Polygon and Codeforces
// `check <input> <output> <answer>`, exit 0/1/2/3; p2d's DOMjudge testlib.h `check <input>
// <answer> <feedback_dir> < output`, exit 42/43). The reference is gridjudge's
// DefaultOutputValidator (src/core/output_validator.rs); tests/testlib_api.rs compares the two
// verdicts case by case for several option sets.
//
// The options are the six constant lines below, each alone on its line:
// gridjudge::export::kattis_default_checker_source rewrites them from the package's
// output_validator_args (legacy: validator_flags).
//
// Semantics (those of the spec, and of DefaultOutputValidator::check):
//   * white space is the six bytes space, \t, \n, \v, \f, \r (testlib's own readToken knows only
//     space, \t, \n, \r, so both files are read byte by byte through testlib's streams); a token
//     is a maximal run of other bytes, NUL and bytes >= 0x80 included;
//   * tokens are compared byte for byte, or up to ASCII case (A-Z against a-z, nothing else)
//     unless case_sensitive; the token sequences must be equal (line structure ignored);
//   * with space_change_sensitive every white-space run, the leading and the trailing one
//     included, must be the answer's byte for byte;
//   * with a tolerance set, an answer token that is a decimal number by the spec's grammar
//     [+-]? (d* . d+ | d+ . | d+) ([eE] [+-]? d+)? and finite as a double (nearest, strtod) is
//     compared as a number: the output token must fit the grammar too (at most 4096 bytes,
//     MAX_NUMBER_TOKEN; longer is WA), and it is accepted when |s - a| <= abs_tol or
//     |s - a| <= rel_tol * |a|, for whichever tolerances are set. Other answer tokens (nan, inf,
//     0x10, 1e500, words) are compared as strings;
//   * AC, or WA naming the first difference (the token's number, its lines, expected and
//     found). Never PE: every byte string is a sequence of tokens.
//
// Where it knowingly differs from Kattis (from DefaultOutputValidator), all testlib's doing:
//   * registerTestlibCmd skips a UTF-8 byte order mark (EF BB BF) at the start of the output;
//     Kattis does not (there it is part of the first token, so usually WA). The jury answer is
//     read as it is;
//   * testlib's stdin reader (p2d: the output comes on stdin) reads an output that is only the
//     first one or two bytes of a byte order mark (EF, or EF BB, then the end of the file) as
//     empty: the look-ahead for the mark hits the end of the file, and the reader then reports
//     the end even for the bytes it put back. Kattis sees a token there;
//   * testlib refuses an output file over its maxFileSize (128 MiB) as PE and a missing output
//     file as PE ("Output file not found"), and a jury answer that cannot be opened is FAIL.
// testlib's stdin reader returns a byte 0xFF and the end of the file alike (EOFC); the reader
// below tells them apart (feof(stdin)), so 0xFF is a byte like any other.
// The input is never read. Cost: linear time; memory for the jury answer, the output streamed
// one byte at a time (though testlib's stdin reader keeps a record of every byte it read).

#include "testlib.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

// ---- The options (one line each, rewritten by the export; tolerances finite and >= 0). ----
const bool case_sensitive = false;
const bool space_change_sensitive = false;
const bool has_abs_tol = false;
const double abs_tol = 0.0;
const bool has_rel_tol = false;
const double rel_tol = 0.0;
// ---- End of the options. ----

namespace {

// Longest output token read where the answer has a number; longer is WA.
const size_t kMaxNumberToken = 4096;
// Bytes of a token shown in a message.
const size_t kShow = 40;

bool isSpace(int b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\v' || b == '\f' || b == '\r';
}

bool isDigit(int b) { return b >= '0' && b <= '9'; }

int asciiLower(int b) { return b >= 'A' && b <= 'Z' ? b - 'A' + 'a' : b; }

bool sameByte(int want, int got) {
    return case_sensitive ? want == got : asciiLower(want) == asciiLower(got);
}

// Bytes for a message, between backquotes: printable ASCII as it is (but the backslash and the
// quotes), anything else as \xNN; more than kShow bytes cut with "...".
std::string show(const std::string& bytes) {
    std::string s = "`";
    for (size_t i = 0; i < bytes.size() && i < kShow; i++) {
        const unsigned char c = static_cast<unsigned char>(bytes[i]);
        if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'' && c != '"' && c != '`') {
            s += static_cast<char>(c);
        } else {
            s += format("\\x%02x", c);
        }
    }
    if (bytes.size() > kShow) s += "...";
    return s + "`";
}

std::string showByte(int b) { return show(std::string(1, static_cast<char>(b))); }

// Skips a run of decimal digits of `t` from `i`; how many there were.
size_t skipDigits(const std::string& t, size_t& i) {
    const size_t start = i;
    while (i < t.size() && isDigit(static_cast<unsigned char>(t[i]))) i++;
    return i - start;
}

// Whether `t` is a decimal number by the spec's grammar (sign, digits with an optional point,
// optional exponent: no inf, nan or hexadecimal); then `value` is the nearest double (1e500
// is infinite, 1e-500 is 0).
bool specFloat(const std::string& t, double& value) {
    size_t i = 0;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) i++;
    const size_t before = skipDigits(t, i);
    size_t after = 0;
    if (i < t.size() && t[i] == '.') {
        i++;
        after = skipDigits(t, i);
    }
    if (before == 0 && after == 0) return false;
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        i++;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) i++;
        if (skipDigits(t, i) == 0) return false;
    }
    if (i != t.size()) return false;
    // Only digits, signs, '.' and 'e' remain (no NUL), all of which strtod takes as the grammar
    // means them ("5." and ".5" included); testlib leaves the "C" locale in place.
    value = std::strtod(t.c_str(), nullptr);
    return true;
}

// One of testlib's streams read byte by byte, with the line of the next byte.
class Bytes {
public:
    explicit Bytes(InStream& s) : s_(s) {}

    // The next byte (0..255), not consumed, or -1 at the end. testlib's file reader says
    // exactly where the end is (eof(), also for a stream never opened). Its stdin reader gives
    // a byte 0xFF and the end alike as EOFC (255): only the end has set the C stream's
    // end-of-file flag (stdin is the only C stream a testlib stdin stream reads).
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

    // Consumes the byte `c` that peek() returned.
    void bump(int c) {
        s_.skipChar();
        consumed_++;
        if (c == '\n') line_++;
    }

    // Skips white space.
    void skipSpace() {
        int c;
        while ((c = peek()) >= 0 && isSpace(c)) bump(c);
    }

    // The rest of the current token, reading at most `max` bytes of it.
    std::string token(size_t max) {
        std::string t;
        int c;
        while (t.size() < max && (c = peek()) >= 0 && !isSpace(c)) {
            t += static_cast<char>(c);
            bump(c);
        }
        return t;
    }

    long long line() const { return line_; }
    long long consumed() const { return consumed_; }

private:
    InStream& s_;
    bool end_ = false;
    long long line_ = 1, consumed_ = 0;
};

// Reads the output token against the string `want`: empty when equal, else what differs.
std::string compareString(Bytes& out, const std::string& want) {
    std::string shown;
    bool same = true;
    size_t i = 0;
    int c;
    while ((c = out.peek()) >= 0 && !isSpace(c)) {
        if (same) {
            same = i < want.size() && sameByte(static_cast<unsigned char>(want[i]), c);
        }
        if (!same && shown.size() > kShow) break;
        if (shown.size() <= kShow) shown += static_cast<char>(c);
        out.bump(c);
        i++;
    }
    if (same && i == want.size()) return "";
    return "expected " + show(want) + ", found " + show(shown);
}

// Reads the output token against the number `a` (the answer token `want`): empty when within
// the tolerances, else what differs.
std::string compareNumber(Bytes& out, const std::string& want, double a) {
    const std::string got = out.token(kMaxNumberToken + 1);
    if (got.size() > kMaxNumberToken) {
        return format("expected a number close to %s, found a token of more than %d bytes "
                      "starting %s",
                      show(want).c_str(), static_cast<int>(kMaxNumberToken), show(got).c_str());
    }
    double s = 0;
    if (!specFloat(got, s)) {
        return "expected a number close to " + show(want) + ", found " + show(got) +
               ", which is not a decimal number";
    }
    const double d = std::fabs(s - a);
    const bool absOk = has_abs_tol && d <= abs_tol;
    const bool relOk = has_rel_tol && d <= rel_tol * std::fabs(a);
    if (absOk || relOk) return "";
    std::string why = "expected " + show(want) + ", found " + show(got) +
                      format(": absolute error %.6g", d);
    if (has_abs_tol) why += format(" (tolerance %.6g)", abs_tol);
    if (a != 0) {
        why += format(", relative error %.6g", d / std::fabs(a));
    } else {
        why += ", relative error undefined (answer 0)";
    }
    if (has_rel_tol) why += format(" (tolerance %.6g)", rel_tol);
    return why;
}

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    std::string answer;
    {
        Bytes a(ans);
        int c;
        while ((c = a.peek()) >= 0) {
            answer += static_cast<char>(c);
            a.bump(c);
        }
    }
    Bytes out(ouf);
    const bool floats = has_abs_tol || has_rel_tol;
    size_t ai = 0;
    long long ansLine = 1, n = 0;
    for (;;) {
        // The white-space run before the next answer token (or the trailing one).
        size_t wsEnd = ai;
        while (wsEnd < answer.size() && isSpace(static_cast<unsigned char>(answer[wsEnd]))) {
            wsEnd++;
        }
        if (space_change_sensitive) {
            for (size_t k = ai; k < wsEnd; k++) {
                const int want = static_cast<unsigned char>(answer[k]);
                const int got = out.peek();
                if (got != want) {
                    quitf(_wa,
                          "white space differs on output line %lld (answer line %lld): "
                          "expected %s, found %s",
                          out.line(), ansLine, showByte(want).c_str(),
                          got < 0 ? "the end of the output" : showByte(got).c_str());
                }
                out.bump(got);
                if (want == '\n') ansLine++;
            }
            const int extra = out.peek();
            if (extra >= 0 && isSpace(extra)) {
                quitf(_wa,
                      "white space differs on output line %lld (answer line %lld): expected "
                      "%s, found extra white space %s",
                      out.line(), ansLine,
                      wsEnd < answer.size() ? "the next token" : "the end of the output",
                      showByte(extra).c_str());
            }
        } else {
            for (size_t k = ai; k < wsEnd; k++) {
                if (answer[k] == '\n') ansLine++;
            }
            out.skipSpace();
        }
        ai = wsEnd;
        if (ai == answer.size()) break;
        size_t tokEnd = ai;
        while (tokEnd < answer.size() && !isSpace(static_cast<unsigned char>(answer[tokEnd]))) {
            tokEnd++;
        }
        const std::string want = answer.substr(ai, tokEnd - ai);
        n++;
        if (out.peek() < 0) {
            const std::string what =
                out.consumed() == 0 ? std::string("the output is empty")
                : n == 1            ? std::string("the output holds only white space")
                                    : format("the output ends after %lld token(s)", n - 1);
            quitf(_wa, "%s; expected token %lld %s (answer line %lld)", what.c_str(), n,
                  show(want).c_str(), ansLine);
        }
        const long long outLine = out.line();
        double a = 0;
        const bool numeric = floats && specFloat(want, a) && std::isfinite(a);
        const std::string differs =
            numeric ? compareNumber(out, want, a) : compareString(out, want);
        if (!differs.empty()) {
            quitf(_wa, "token %lld (output line %lld, answer line %lld): %s", n, outLine,
                  ansLine, differs.c_str());
        }
        ai = tokEnd;
    }
    if (out.peek() >= 0) {
        const long long line = out.line();
        const std::string extra = out.token(kShow + 1);
        quitf(_wa, "the output has more after the answer's %lld token(s): %s on output line %lld",
              n, show(extra).c_str(), line);
    }
    quitf(_ok, "%lld token(s)", n);
}
