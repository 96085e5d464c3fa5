// gridjudge's built-in `tokens` checker (src/checkers.rs, `checker = { builtin = "tokens" }` in a
// program problem's problem.toml) written against testlib's API (C++14 or later; g++ -fno-asm
// -std=c++14 -O2), for the Polygon package of any program problem with that checker: every
// consumer of a Polygon package builds its check.cpp with its own testlib.h and so gets its own
// calling convention and exit codes (Polygon and Codeforces `check <input> <output> <answer>`,
// exit 0/1/2/3; CMS's Polygon loader with -DCMS; p2d's DOMjudge testlib.h `check <input>
// <answer> <feedback_dir> < output`, exit 42/43), which the self-contained builtin.cpp beside
// this file cannot do. Only `tokens`: the other built-in checkers (lines, unordered_lines,
// float) have no testlib-API version yet.
//
// Semantics, those of src/checkers.rs (tests/testlib_api.rs compares the verdicts):
//   * white space is space, \t, \n, \v, \f, \r (testlib's own readToken knows only space, \t,
//     \n, \r, as its `wcmp` does, so tokens are read here byte by byte through testlib's
//     stream); a token is a maximal run of other bytes, compared byte for byte (NUL and bytes
//     >= 0x80 included, a byte 0xFF too: see below);
//   * a UTF-8 byte order mark at the start of the output is skipped (by registerTestlibCmd); the
//     jury answer is read as it is;
//   * the token sequences must be equal (line structure ignored): AC, else WA naming the first
//     difference. Nothing a contestant prints is PE or FAIL, except what testlib decides itself:
//     a missing output file is PE ("Output file not found"), an output file over testlib's
//     maxFileSize (128 MiB) is PE, a jury answer that cannot be opened is FAIL.
// testlib's stdin reader (p2d reads the output from stdin) returns a byte 0xFF and the end of
// the file alike; the reader below tells them apart (feof(stdin)).
// The input is never read. Memory: the current token of each file.

#include "testlib.h"

#include <cstdio>
#include <string>

namespace {

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

}  // namespace

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    Tokens answer(ans), output(ouf);
    Token want, got;
    const size_t kAll = static_cast<size_t>(-2);  // keep whole tokens
    long long n = 0;
    while (answer.next(want, kAll, false)) {
        n++;
        if (!output.next(got, kAll, false)) {
            quitf(_wa, "the output ends after %lld token(s); expected token %lld %s", n - 1, n,
                  want.show().c_str());
        }
        if (got.bytes != want.bytes) {
            quitf(_wa, "token %lld differs: expected %s, found %s (%s)", n, want.show().c_str(),
                  got.show().c_str(), got.at().c_str());
        }
    }
    if (output.next(got, kAll, false)) {
        quitf(_wa, "the output has extra tokens after the expected %lld, starting with %s (%s)",
              n, got.show().c_str(), got.at().c_str());
    }
    quitf(_ok, "%lld token(s)", n);
}
