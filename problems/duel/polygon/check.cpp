// The checker of `duel` in a Polygon package, written against testlib's API. Polygon gives an
// interactive problem a checker that reads what the interactor wrote to its log (tout) as the
// output: duel's interactor (testlib/interactor.cpp) decides every verdict itself and logs
// `OK <message>` when the contestant won or rightly said LOSE, `WA <message>` otherwise.
// Polygon runs the checker only after the interactor accepted; it accepts exactly what the
// interactor logged as OK.
#include "testlib.h"

#include <string>

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    std::string verdict = ouf.readToken();
    std::string message = ouf.seekEof() ? std::string() : ouf.readLine();
    if (verdict == "OK") quitf(_ok, "%s", message.c_str());
    quitf(_wa, "the interactor logged %s%s", verdict.c_str(), message.c_str());
}
