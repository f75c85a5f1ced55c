/* Bare-metal start for the Cortex-M7 programs under QEMU: vector table, FPU on,
   .data copied, .bss zeroed, semihosting handles opened, static constructors
   run (the test runner has some; the core has none), then exit(main()). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern uint32_t __stack_top, __data_load, __data_start, __data_end, __bss_start__, __bss_end__;
extern int main(void);
extern void __libc_init_array(void);
extern void initialise_monitor_handles(void);

void* __dso_handle = 0;
void _init(void) {}
void _fini(void) {}

void Reset_Handler(void) {
  /* Full access to CP10 and CP11 (the FPU) before any float code. */
  *(volatile uint32_t*)0xE000ED88 |= 0xFu << 20;
  __asm volatile("dsb\n isb");
  memcpy(&__data_start, &__data_load, (size_t)((char*)&__data_end - (char*)&__data_start));
  memset(&__bss_start__, 0, (size_t)((char*)&__bss_end__ - (char*)&__bss_start__));
  initialise_monitor_handles();
  __libc_init_array();
  exit(main());
}

/* SysTick wraps every 2^24 ticks; the benchmark counts the wraps. */
volatile uint32_t tilelab_systick_wraps = 0;
static void SysTick_Handler(void) { ++tilelab_systick_wraps; }

/* A fault ends the run with a distinctive code instead of hanging. */
static void Fault_Handler(void) { _exit(97); }

__attribute__((section(".isr_vector"), used)) static const void* const vectors[16] = {
    &__stack_top, (const void*)Reset_Handler, (const void*)Fault_Handler, (const void*)Fault_Handler,
    (const void*)Fault_Handler, (const void*)Fault_Handler, (const void*)Fault_Handler, 0, 0, 0, 0,
    (const void*)Fault_Handler, (const void*)Fault_Handler, 0, (const void*)Fault_Handler, (const void*)SysTick_Handler,
};
