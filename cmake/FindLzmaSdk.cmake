# Finds the LZMA SDK's C sources (Igor Pavlov's, public domain; Debian's lzma-dev installs them under
# /usr/include/lzma). Set LzmaSdk_ROOT (or LZMA_SDK_DIR) to the folder that holds LzmaDec.c elsewhere.
# Defines LzmaSdk_FOUND, LzmaSdk_INCLUDE_DIR and LzmaSdk_SOURCES (decoder, encoder, match finder).
find_path(LzmaSdk_INCLUDE_DIR NAMES LzmaDec.c LzmaDec.h
          HINTS ${LZMA_SDK_DIR} ENV LZMA_SDK_DIR
          PATH_SUFFIXES lzma lzma/C C)
# All three sources or none: a partial SDK is reported as not found.
set(LzmaSdk_SOURCES "")
if(LzmaSdk_INCLUDE_DIR)
  set(LzmaSdk_SOURCES ${LzmaSdk_INCLUDE_DIR}/LzmaDec.c ${LzmaSdk_INCLUDE_DIR}/LzmaEnc.c ${LzmaSdk_INCLUDE_DIR}/LzFind.c)
  foreach(source ${LzmaSdk_SOURCES})
    if(NOT EXISTS ${source})
      set(LzmaSdk_SOURCES "")
    endif()
  endforeach()
endif()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LzmaSdk
  REQUIRED_VARS LzmaSdk_INCLUDE_DIR LzmaSdk_SOURCES
  REASON_FAILURE_MESSAGE "install lzma-dev (scripts/install-deps.sh) or set LZMA_SDK_DIR")
mark_as_advanced(LzmaSdk_INCLUDE_DIR)
