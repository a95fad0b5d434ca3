// The program the test programs' precompiled gtest.h is built for (tests/CMakeLists.txt): it has their
// flags and usage requirements, so each test program can reuse the header. No code of its own.
