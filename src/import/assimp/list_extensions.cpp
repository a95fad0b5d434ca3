// A build step, not part of the library: writes the extension list of the Assimp this build compiles
// against ("*.3ds;*.obj;...") as a C++ string literal into the file named by its argument.
// assimp_reader.cpp includes it, so that listing the formats never loads Assimp (assimp_library.hpp).
#include <assimp/Importer.hpp>
#include <cstdio>
#include <fstream>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT\n", argv[0]);
    return 2;
  }
  std::string list;
  Assimp::Importer().GetExtensionList(list);
  std::ofstream out(argv[1]);
  out << '"' << list << "\"\n";  // only '*', '.', ';' and letters and digits: nothing to escape
  out.close();
  if (!out) {
    std::fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[1]);
    return 1;
  }
  return 0;
}
