# The playground's site, once its files are copied (cmake/web.cmake runs
# this with -DSITE=... -DSOURCE=...): the build's name, a hash of its files,
# in build.js (self.tilelabBuild, which the page and its worker ask their
# files with), and the service worker that keeps those files for use
# without a network (web/service-worker.js.in with the build and the files).
# The app's icons (the manifest's): our Playdate icon, 32 pixels a side
# (-DICON=...), scaled up pixel for pixel by netpbm (scripts/bootstrap
# installs it).
foreach(side 192 512)
  math(EXPR times "${side} / 32")
  execute_process(COMMAND pngtopnm ${ICON} COMMAND pamscale -nomix ${times} COMMAND pnmtopng
                  OUTPUT_FILE ${SITE}/icon-${side}.png RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "the ${side}-pixel icon: netpbm's pngtopnm, pamscale and pnmtopng failed (scripts/bootstrap installs them)")
  endif()
endforeach()
file(GLOB names RELATIVE ${SITE} ${SITE}/*)
list(REMOVE_ITEM names service-worker.js build.js .assembled)
list(SORT names)
set(all "")
foreach(name ${names})
  file(MD5 ${SITE}/${name} md5)
  string(APPEND all "${name}:${md5};")
endforeach()
string(MD5 build "${all}")
string(SUBSTRING ${build} 0 12 build)
file(WRITE ${SITE}/build.js "self.tilelabBuild = '${build}';\n")
set(files "'./'")
foreach(name ${names} build.js)
  string(APPEND files ", '${name}'")
endforeach()
file(READ ${SOURCE}/web/service-worker.js.in worker)
string(REPLACE "@TILELAB_BUILD@" "${build}" worker "${worker}")
string(REPLACE "@TILELAB_FILES@" "${files}" worker "${worker}")
file(WRITE ${SITE}/service-worker.js "${worker}")
